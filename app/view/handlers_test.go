package view

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// go-app keeps an element's event handler across renders while its scope does not change:
// a handler made by a factory (p.onView(i)) or a closure that captures a value of the
// render (a loop variable, a parameter of a row-drawing function) would go on running with
// the values of the render that made it. Every such handler goes through shell.On, which
// gives it the scope that names those values: el.OnClick(shell.On(p.onView(i), "view", i)).

// handlerArg returns the event handler an element's method sets: the first argument of
// OnClick, OnChange, OnInput... and the second of On("name", ...). Functions of packages
// (browser.OnStorageChange) and the callbacks of the component itself (d.OnClose(ctx), on
// the receiver recv) are not elements' methods.
func handlerArg(call *ast.CallExpr, imports map[string]bool, recv string) (ast.Expr, bool) {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok || !strings.HasPrefix(sel.Sel.Name, "On") {
		return nil, false
	}
	if x, ok := sel.X.(*ast.Ident); ok && (imports[x.Name] || x.Name == recv) {
		return nil, false
	}
	name := sel.Sel.Name
	switch {
	case name == "On":
		if len(call.Args) < 2 {
			return nil, false
		}
		if _, ok := call.Args[0].(*ast.BasicLit); !ok {
			return nil, false
		}
		return call.Args[1], true
	case len(name) > 2 && name[2] >= 'A' && name[2] <= 'Z' && len(call.Args) >= 1:
		return call.Args[0], true
	}
	return nil, false
}

// isScopeHelper reports whether e is a call of the scoped-handler helper (shell.On, or On
// inside package shell).
func isScopeHelper(e ast.Expr, pkg string) bool {
	call, ok := e.(*ast.CallExpr)
	if !ok {
		return false
	}
	switch f := call.Fun.(type) {
	case *ast.SelectorExpr:
		x, ok := f.X.(*ast.Ident)
		return ok && x.Name == "shell" && f.Sel.Name == "On"
	case *ast.Ident:
		return pkg == "shell" && f.Name == "On"
	}
	return false
}

// captured returns the names of the variables of the enclosing function (parameters,
// locals, loop variables; not its receiver) that the function literal lit uses.
func captured(lit *ast.FuncLit, encl *ast.FuncDecl) []string {
	var recv token.Pos = token.NoPos
	if encl.Recv != nil && len(encl.Recv.List) > 0 && len(encl.Recv.List[0].Names) > 0 {
		recv = encl.Recv.List[0].Names[0].Pos()
	}
	seen := map[string]bool{}
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok || id.Obj == nil || id.Obj.Kind != ast.Var {
			return true
		}
		d, ok := id.Obj.Decl.(ast.Node)
		if !ok {
			return true
		}
		pos := d.Pos()
		if f, ok := d.(*ast.Field); ok && len(f.Names) > 0 {
			pos = f.Names[0].Pos()
		}
		for _, name := range declNames(d) {
			if name.Name == id.Name {
				pos = name.Pos()
			}
		}
		inLit := pos >= lit.Pos() && pos < lit.End()
		inFunc := pos >= encl.Pos() && pos < encl.End()
		if !inLit && inFunc && pos != recv {
			seen[id.Name] = true
		}
		return true
	})
	names := make([]string, 0, len(seen))
	for n := range seen {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// local reports whether id names a variable of the function fd (a parameter or a local
// variable, not its receiver): a handler passed in, made earlier in the render.
func local(id *ast.Ident, fd *ast.FuncDecl) bool {
	if id.Obj == nil || id.Obj.Kind != ast.Var {
		return false
	}
	d, ok := id.Obj.Decl.(ast.Node)
	if !ok || d.Pos() < fd.Pos() || d.Pos() >= fd.End() {
		return false
	}
	return fd.Recv == nil || len(fd.Recv.List) == 0 || d != ast.Node(fd.Recv.List[0])
}

// declNames returns the identifiers a declaring node declares, to find the one of a name.
func declNames(d ast.Node) []*ast.Ident {
	var out []*ast.Ident
	switch d := d.(type) {
	case *ast.Field:
		out = d.Names
	case *ast.ValueSpec:
		out = d.Names
	case *ast.AssignStmt:
		for _, e := range d.Lhs {
			if id, ok := e.(*ast.Ident); ok {
				out = append(out, id)
			}
		}
	}
	return out
}

// unscoped lists the event handlers of one file that are made by a factory or capture the
// values of a render and do not go through the helper, and every direct use of
// app.EventScope outside the helper.
func unscoped(fset *token.FileSet, f *ast.File) []string {
	pkg := f.Name.Name
	imports := map[string]bool{}
	for _, im := range f.Imports {
		p := strings.Trim(im.Path.Value, `"`)
		name := p[strings.LastIndex(p, "/")+1:]
		if im.Name != nil {
			name = im.Name.Name
		}
		imports[name] = true
	}
	var bad []string
	report := func(n ast.Node, format string, args ...any) {
		bad = append(bad, fmt.Sprintf("%s: %s", fset.Position(n.Pos()), fmt.Sprintf(format, args...)))
	}
	for _, decl := range f.Decls {
		fd, ok := decl.(*ast.FuncDecl)
		if !ok || fd.Body == nil {
			continue
		}
		helper := pkg == "shell" && fd.Recv == nil && fd.Name.Name == "On"
		recv := ""
		if fd.Recv != nil && len(fd.Recv.List) > 0 && len(fd.Recv.List[0].Names) > 0 {
			recv = fd.Recv.List[0].Names[0].Name
		}
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			if sel, ok := call.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "EventScope" && !helper {
				report(call, "app.EventScope outside shell.On: give the handler its scope with shell.On")
			}
			h, ok := handlerArg(call, imports, recv)
			if !ok || isScopeHelper(h, pkg) {
				return true
			}
			switch h := h.(type) {
			case *ast.CallExpr:
				report(h, "handler made by a call (%s) without shell.On", types(h.Fun))
			case *ast.Ident:
				if local(h, fd) {
					report(h, "handler held in the variable %s of %s without shell.On", h.Name, fd.Name.Name)
				}
			case *ast.FuncLit:
				if vars := captured(h, fd); len(vars) > 0 {
					report(h, "handler closure captures %s of %s without shell.On", strings.Join(vars, ", "), fd.Name.Name)
				}
			}
			return true
		})
	}
	return bad
}

// types prints a function expression for a message.
func types(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.SelectorExpr:
		return types(e.X) + "." + e.Sel.Name
	}
	return "a function"
}

// TestHandlersScoped checks every package under app/view: no event handler made by a
// factory or capturing the values of a render goes without its scope.
func TestHandlersScoped(t *testing.T) {
	fset := token.NewFileSet()
	files := 0
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		files++
		for _, b := range unscoped(fset, f) {
			t.Error(b)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 20 {
		t.Fatalf("read %d files: the walk missed the packages of app/view", files)
	}
}

// TestHandlersScopedDetects proves the check can fail: the shapes of the handlers that went
// stale in this app (a radio made by a method, a toggle made by a closure, a row drawn per
// index, a factory's handler, a direct app.EventScope) are reported, the safe ones are not.
func TestHandlersScopedDetects(t *testing.T) {
	tests := []struct {
		name, src string
		bad       int
	}{
		{"radio method's closure", `func (n *S) radio(v string, set func()) app.UI {
			return app.Input().OnChange(func(ctx app.Context, e app.Event) { set() })
		}`, 1},
		{"toggle factory", `func (p *S) Render() app.UI {
			toggle := func(key string, flip func(*T)) app.UI {
				return app.Input().OnChange(func(ctx app.Context, e app.Event) { p.set(ctx, flip) })
			}
			return toggle("a", nil)
		}`, 1},
		{"row per index", `func (n *S) seatRow(i int) app.UI {
			return app.Select().OnChange(func(ctx app.Context, e app.Event) { n.seats[i].kind = 1 })
		}`, 1},
		{"loop", `func (p *S) Render() app.UI {
			for _, key := range keys {
				app.Input().OnChange(func(ctx app.Context, e app.Event) { p.key = key })
			}
			return nil
		}`, 1},
		{"factory", `func (p *S) Render() app.UI { return app.Button().OnClick(p.onView(3)) }`, 1},
		{"handler in a variable", `func (p *S) controls() app.UI {
			btn := func(name string, h app.EventHandler) app.UI { return app.Button().OnClick(h) }
			return btn("flip", p.onFlip)
		}`, 1},
		{"component's own callback", `func (d *S) close(ctx app.Context) { d.OnClose(ctx) }`, 0},
		{"package function", `func (p *S) OnMount(ctx app.Context) {
			browser.OnStorageChange(func(key string) { ctx.Dispatch(nil) })
		}`, 0},
		{"factory with On", `func (p *S) Render() app.UI { return app.Div().On("click", p.onView(3)) }`, 1},
		{"direct scope", `func (p *S) Render() app.UI { return app.Button().OnClick(p.onView(3), app.EventScope("view", 3)) }`, 2},
		{"helper", `func (p *S) Render() app.UI { return app.Button().OnClick(shell.On(p.onView(3), "view", 3)) }`, 0},
		{"method value", `func (p *S) Render() app.UI { return app.Button().OnClick(p.onFlip).On("pointerdown", p.onDown) }`, 0},
		{"closure over the receiver", `func (p *S) Render() app.UI {
			return app.Button().OnClick(func(ctx app.Context, e app.Event) { p.open = !p.open; ctx.Update() })
		}`, 0},
	}
	for _, tt := range tests {
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, "x.go", "package x\nimport \"example.com/browser\"\n"+tt.src, 0)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if got := unscoped(fset, f); len(got) != tt.bad {
			t.Errorf("%s: %d reports, want %d: %q", tt.name, len(got), tt.bad, got)
		}
	}
}
