package catalog

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strconv"
	"strings"
)

// entSchemaImport is the package whose Column, Table and Index the
// migration schema ent generates (ent/migrate/schema.go) is written in.
const entSchemaImport = "entgo.io/ent/dialect/sql/schema"

// schemaSQL returns a schema text as SQL: the migration schema ent
// generates (ent/migrate/schema.go) as the SQL it stands for
// (entSchemaSQL), any other text (a .sql file's) as it is.
func schemaSQL(text string) string {
	if sql := entSchemaSQL([]byte(text)); sql != "" {
		return sql
	}
	return text
}

// entSchemaSQL renders the tables of ent's migration schema, Go source
// that declares each table's columns and keys as values, as the CREATE
// TABLE statements they stand for, so that the keys are read as any
// schema's: a column marked Unique, the PrimaryKey, a unique index, and
// a column with Increment, whose value the database makes. It is ""
// when src is not such a file.
func entSchemaSQL(src []byte) string {
	f, err := parser.ParseFile(token.NewFileSet(), "schema.go", src, parser.SkipObjectResolution)
	if err != nil || !importsPath(f, entSchemaImport) {
		return ""
	}
	columns := make(map[string][]entColumn) // by variable name
	var tables []*ast.CompositeLit
	for _, decl := range f.Decls {
		gen, ok := decl.(*ast.GenDecl)
		if !ok || gen.Tok != token.VAR {
			continue
		}
		for _, spec := range gen.Specs {
			vs := spec.(*ast.ValueSpec)
			for i, name := range vs.Names {
				if i >= len(vs.Values) {
					break
				}
				switch lit := compositeOf(vs.Values[i]); {
				case lit == nil:
				case typeName(lit.Type) == "[]*schema.Column":
					columns[name.Name] = entColumns(lit)
				case typeName(lit.Type) == "schema.Table":
					tables = append(tables, lit)
				}
			}
		}
	}
	var b strings.Builder
	for _, t := range tables {
		b.WriteString(entTableSQL(t, columns))
	}
	return b.String()
}

// An entColumn is a column of ent's migration schema.
type entColumn struct {
	name              string
	unique, increment bool
}

// entColumns reads a []*schema.Column literal.
func entColumns(lit *ast.CompositeLit) []entColumn {
	var out []entColumn
	for _, e := range lit.Elts {
		c, _ := e.(*ast.CompositeLit)
		if c == nil {
			out = append(out, entColumn{})
			continue
		}
		fields := keyed(c)
		col := entColumn{name: stringLit(fields["Name"])}
		col.unique = isTrue(fields["Unique"])
		col.increment = isTrue(fields["Increment"])
		out = append(out, col)
	}
	return out
}

// entTableSQL renders a schema.Table literal as CREATE TABLE.
func entTableSQL(t *ast.CompositeLit, columns map[string][]entColumn) string {
	fields := keyed(t)
	name := stringLit(fields["Name"])
	id, _ := fields["Columns"].(*ast.Ident)
	if name == "" || id == nil {
		return ""
	}
	cols := columns[id.Name]
	var defs []string
	for _, c := range cols {
		if c.name == "" {
			continue
		}
		def := c.name + " TEXT"
		if c.increment {
			def = c.name + " BIGSERIAL"
		}
		if c.unique {
			def += " UNIQUE"
		}
		defs = append(defs, def)
	}
	if pk := columnRefs(fields["PrimaryKey"], id.Name, cols); len(pk) > 0 {
		defs = append(defs, "PRIMARY KEY ("+strings.Join(pk, ", ")+")")
	}
	if idx := compositeOf(fields["Indexes"]); idx != nil {
		for _, e := range idx.Elts {
			ix, _ := e.(*ast.CompositeLit)
			if ix == nil {
				continue
			}
			f := keyed(ix)
			if refs := columnRefs(f["Columns"], id.Name, cols); isTrue(f["Unique"]) && len(refs) > 0 {
				defs = append(defs, "UNIQUE ("+strings.Join(refs, ", ")+")")
			}
		}
	}
	if len(defs) == 0 {
		return ""
	}
	return "CREATE TABLE " + name + " (" + strings.Join(defs, ", ") + ");\n"
}

// columnRefs reads []*schema.Column{TransfersColumns[1], ...}, elements
// of the table's own columns, as their names; nil when one is another
// expression.
func columnRefs(e ast.Expr, columnsVar string, cols []entColumn) []string {
	lit := compositeOf(e)
	if lit == nil {
		return nil
	}
	var out []string
	for _, el := range lit.Elts {
		ix, ok := el.(*ast.IndexExpr)
		if !ok {
			return nil
		}
		if id, ok := ix.X.(*ast.Ident); !ok || id.Name != columnsVar {
			return nil
		}
		n, ok := ix.Index.(*ast.BasicLit)
		if !ok || n.Kind != token.INT {
			return nil
		}
		i, err := strconv.Atoi(n.Value)
		if err != nil || i >= len(cols) || cols[i].name == "" {
			return nil
		}
		out = append(out, cols[i].name)
	}
	return out
}

// compositeOf returns the composite literal e is, or takes the address
// of.
func compositeOf(e ast.Expr) *ast.CompositeLit {
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = u.X
	}
	lit, _ := e.(*ast.CompositeLit)
	return lit
}

// keyed returns a struct literal's elements by field name.
func keyed(lit *ast.CompositeLit) map[string]ast.Expr {
	out := make(map[string]ast.Expr)
	for _, e := range lit.Elts {
		if kv, ok := e.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok {
				out[id.Name] = kv.Value
			}
		}
	}
	return out
}

// typeName renders a literal's type as written ("[]*schema.Column").
func typeName(e ast.Expr) string {
	switch t := e.(type) {
	case *ast.ArrayType:
		return "[]" + typeName(t.Elt)
	case *ast.StarExpr:
		return "*" + typeName(t.X)
	case *ast.SelectorExpr:
		return typeName(t.X) + "." + t.Sel.Name
	case *ast.Ident:
		return t.Name
	}
	return ""
}

func stringLit(e ast.Expr) string {
	lit, ok := e.(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return ""
	}
	s, err := strconv.Unquote(lit.Value)
	if err != nil {
		return ""
	}
	return s
}

func isTrue(e ast.Expr) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == "true"
}

// importsPath reports whether f imports path.
func importsPath(f *ast.File, path string) bool {
	for _, imp := range f.Imports {
		if p, err := strconv.Unquote(imp.Path.Value); err == nil && p == path {
			return true
		}
	}
	return false
}
