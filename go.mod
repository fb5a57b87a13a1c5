module github.com/plyground/plyground

go 1.26.8

require (
	github.com/andybalholm/brotli v1.2.3
	github.com/maxence-charriere/go-app/v10 v10.1.11
)

require filippo.io/edwards25519 v1.2.0

require (
	github.com/google/uuid v1.6.0 // indirect
	github.com/hack-pad/safejs v0.1.1
)
