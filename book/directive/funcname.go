package directive

import "go/ast"

// FuncName returns the name by which a chapter names a function
// declaration, in a block's decl attribute and in a starter key: the
// function's name, or Type.Method for a method, whatever its receiver's
// form (*T, T, T[K] all give T).
func FuncName(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) != 1 {
		return fd.Name.Name
	}
	return receiverType(fd.Recv.List[0].Type) + "." + fd.Name.Name
}

// receiverType names a method receiver's type.
func receiverType(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.StarExpr:
		return receiverType(e.X)
	case *ast.IndexExpr:
		return receiverType(e.X)
	case *ast.IndexListExpr:
		return receiverType(e.X)
	case *ast.ParenExpr:
		return receiverType(e.X)
	case *ast.Ident:
		return e.Name
	}
	return ""
}
