// Package clause is a stub of gorm.io/gorm/clause v1.25.12 for analysistest.
package clause

type Writer interface {
	WriteByte(byte) error
	WriteString(string) (int, error)
}

type Builder interface {
	Writer
	WriteQuoted(field interface{})
	AddVar(Writer, ...interface{})
}

type Expression interface {
	Build(builder Builder)
}

type Column struct {
	Table string
	Name  string
	Alias string
	Raw   bool
}

type Assignment struct {
	Column Column
	Value  interface{}
}

type Set []Assignment

type Where struct {
	Exprs []Expression
}

type OnConflict struct {
	Columns      []Column
	Where        Where
	TargetWhere  Where
	OnConstraint string
	DoNothing    bool
	DoUpdates    Set
	UpdateAll    bool
}

func (onConflict OnConflict) Build(builder Builder) {}

func Assignments(values map[string]interface{}) Set { return nil }
func AssignmentColumns(values []string) Set         { return nil }

type Expr struct {
	SQL                string
	Vars               []interface{}
	WithoutParentheses bool
}

func (expr Expr) Build(builder Builder) {}
