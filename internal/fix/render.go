package fix

import (
	"go/ast"
	"go/token"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// The functions below render Go statements at indentation zero, from
// the parts a fix has decided (names, expressions already printed,
// statements of the code being fixed). Where the code goes, the text is
// indented as a whole (Indent, StmtBefore, StmtAfter).

// Block renders the statements, one a line, as the body of a block: "{",
// each statement indented by a tab, "}".
func Block(stmts ...string) string {
	var b strings.Builder
	b.WriteString("{")
	for _, s := range stmts {
		b.WriteString("\n\t")
		b.WriteString(Indent(s, "\t"))
	}
	b.WriteString("\n}")
	return b.String()
}

// IfStmt renders "if cond body", body being a block rendered by Block
// or printed from the code; init, when not empty, goes before the
// condition ("if err := f(); err != nil").
func IfStmt(init, cond, body string) string {
	if init != "" {
		return "if " + init + "; " + cond + " " + body
	}
	return "if " + cond + " " + body
}

// ElseIf chains a second if statement to the else of the first.
func ElseIf(first, second string) string {
	return first + " else " + second
}

// ReturnStmt renders "return" with the results given.
func ReturnStmt(results ...string) string {
	if len(results) == 0 {
		return "return"
	}
	return "return " + strings.Join(results, ", ")
}

// DefineStmt renders "lhs[0], lhs[1] := rhs".
func DefineStmt(rhs string, lhs ...string) string {
	return strings.Join(lhs, ", ") + " := " + rhs
}

// NotNil renders the test "v != nil".
func NotNil(v string) string {
	return v + " != nil"
}

// Stmts joins statements, one a line.
func Stmts(stmts ...string) string {
	return strings.Join(stmts, "\n")
}

// CallStmt renders a method call recv.method(args...).
func CallStmt(recv, method string, args ...string) string {
	return recv + "." + method + "(" + strings.Join(args, ", ") + ")"
}

// StmtAfter returns the edit that inserts statements (text at
// indentation zero) on the lines after stmt, indented like it.
func StmtAfter(fset *token.FileSet, file *ast.File, stmt ast.Stmt, text string) analysis.TextEdit {
	indent := LineIndent(fset, file, stmt.Pos())
	return analysis.TextEdit{Pos: stmt.End(), End: stmt.End(), NewText: []byte("\n" + indent + Indent(text, indent))}
}
