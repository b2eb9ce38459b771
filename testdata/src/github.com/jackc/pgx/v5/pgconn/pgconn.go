// Package pgconn is a stub of github.com/jackc/pgx/v5/pgconn v5.7.6 for analysistest.
package pgconn

type CommandTag struct {
	s string
}

func (ct CommandTag) RowsAffected() int64 { return 0 }
func (ct CommandTag) String() string      { return ct.s }
func (ct CommandTag) Insert() bool        { return false }
func (ct CommandTag) Update() bool        { return false }
func (ct CommandTag) Delete() bool        { return false }
func (ct CommandTag) Select() bool        { return false }

type PgError struct {
	Severity       string
	Code           string
	Message        string
	Detail         string
	TableName      string
	ColumnName     string
	ConstraintName string
}

func (pe *PgError) Error() string    { return pe.Message }
func (pe *PgError) SQLState() string { return pe.Code }

type FieldDescription struct {
	Name string
}

type StatementDescription struct {
	Name string
	SQL  string
}
