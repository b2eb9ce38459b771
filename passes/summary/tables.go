package summary

import (
	"go/ast"
	"go/constant"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/internal/valueflow"
)

// exportTableNames exports, for each named type of the package whose
// TableName method returns a constant, the table gorm stores its values
// in, and declares it to the statements' readers: a package that writes
// a model of another sees the method's signature, not what it returns,
// and reads the fact (run declares those of the imports).
func exportTableNames(pass *analysis.Pass) {
	tests := testFiles(pass)
	for _, file := range pass.Files {
		if tests.contain(file.Pos()) {
			continue
		}
		for _, decl := range file.Decls {
			tn, name, ok := tableMethod(pass.TypesInfo, decl)
			if !ok {
				continue
			}
			pass.ExportObjectFact(tn, &valueflow.TableName{Name: name})
			valueflow.DeclareTable(tn, name)
		}
	}
}

// tableMethod returns the type a TableName method declaration belongs
// to and the constant string it returns, when its body is one return of
// a constant.
func tableMethod(info *types.Info, decl ast.Decl) (*types.TypeName, string, bool) {
	fd, ok := decl.(*ast.FuncDecl)
	if !ok || fd.Recv == nil || fd.Name.Name != "TableName" || fd.Body == nil || len(fd.Body.List) != 1 {
		return nil, "", false
	}
	ret, ok := fd.Body.List[0].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return nil, "", false
	}
	tv, ok := info.Types[ret.Results[0]]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return nil, "", false
	}
	fn, ok := info.Defs[fd.Name].(*types.Func)
	if !ok {
		return nil, "", false
	}
	recv := fn.Type().(*types.Signature).Recv().Type()
	if p, ok := recv.(*types.Pointer); ok {
		recv = p.Elem()
	}
	named, ok := types.Unalias(recv).(*types.Named)
	if !ok {
		return nil, "", false
	}
	return named.Obj(), constant.StringVal(tv.Value), true
}
