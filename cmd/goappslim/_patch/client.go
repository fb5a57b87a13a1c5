// This file is added to go-app's pkg/app in the page build (see cmd/goappslim), in place of
// the part of pkg/app/resource.go that the browser program uses: resolving /web/ paths
// against the static resources' location. The rest of resource.go (and http.go) serves the
// app, imports net/http and is left out of the page.

package app

import "strings"

// clientResourceResolver resolves the paths of static resources (those under /web/) against
// resourcesLocation; any other path, and any http(s) URL, is returned as it is.
func clientResourceResolver(resourcesLocation string) func(string) string {
	return func(location string) string {
		if remoteLocation(location) || !webLocation(location) {
			return location
		}
		rel := strings.TrimPrefix(strings.Trim(location, "/"), "web/")
		return resourcesLocation + "/" + rel
	}
}

// remoteLocation reports whether location is an http or https URL.
func remoteLocation(location string) bool {
	return strings.HasPrefix(location, "https://") || strings.HasPrefix(location, "http://")
}

// webLocation reports whether location names the static resources folder or a file in it.
func webLocation(location string) bool {
	switch location {
	case "web", "/web":
		return true
	}
	return strings.HasPrefix(location, "web/") || strings.HasPrefix(location, "/web/")
}
