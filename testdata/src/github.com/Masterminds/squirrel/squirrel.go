// Package squirrel is a stub of github.com/Masterminds/squirrel v1.5.4 for analysistest.
package squirrel

import (
	"context"
	"database/sql"
)

type Sqlizer interface {
	ToSql() (string, []interface{}, error)
}

type PlaceholderFormat interface {
	ReplacePlaceholders(sql string) (string, error)
}

type dollarFormat struct{}

func (dollarFormat) ReplacePlaceholders(sql string) (string, error) { return sql, nil }

var (
	Question = dollarFormat{}
	Dollar   = dollarFormat{}
)

type BaseRunner interface {
	Exec(query string, args ...interface{}) (sql.Result, error)
	Query(query string, args ...interface{}) (*sql.Rows, error)
}

// RowScanner is the row QueryRow returns.
type RowScanner interface {
	Scan(...interface{}) error
}

type Eq map[string]interface{}

func (eq Eq) ToSql() (string, []interface{}, error) { return "", nil, nil }

type expr struct{}

func (expr) ToSql() (string, []interface{}, error) { return "", nil, nil }

func Expr(sql string, args ...interface{}) Sqlizer { return expr{} }

type StatementBuilderType struct{}

var StatementBuilder = StatementBuilderType{}

func (b StatementBuilderType) PlaceholderFormat(f PlaceholderFormat) StatementBuilderType { return b }
func (b StatementBuilderType) RunWith(runner BaseRunner) StatementBuilderType             { return b }
func (b StatementBuilderType) Insert(into string) InsertBuilder                           { return InsertBuilder{} }
func (b StatementBuilderType) Replace(into string) InsertBuilder                          { return InsertBuilder{} }
func (b StatementBuilderType) Update(table string) UpdateBuilder                          { return UpdateBuilder{} }
func (b StatementBuilderType) Delete(from string) DeleteBuilder                           { return DeleteBuilder{} }
func (b StatementBuilderType) Select(columns ...string) SelectBuilder                     { return SelectBuilder{} }

func Insert(into string) InsertBuilder       { return InsertBuilder{} }
func Replace(into string) InsertBuilder      { return InsertBuilder{} }
func Update(table string) UpdateBuilder      { return UpdateBuilder{} }
func Delete(from string) DeleteBuilder       { return DeleteBuilder{} }
func Select(columns ...string) SelectBuilder { return SelectBuilder{} }

type InsertBuilder struct{}

func (b InsertBuilder) PlaceholderFormat(f PlaceholderFormat) InsertBuilder { return b }
func (b InsertBuilder) RunWith(runner BaseRunner) InsertBuilder             { return b }
func (b InsertBuilder) Into(from string) InsertBuilder                      { return b }
func (b InsertBuilder) Options(options ...string) InsertBuilder             { return b }
func (b InsertBuilder) Columns(columns ...string) InsertBuilder             { return b }
func (b InsertBuilder) Values(values ...interface{}) InsertBuilder          { return b }
func (b InsertBuilder) Suffix(sql string, args ...interface{}) InsertBuilder {
	return b
}
func (b InsertBuilder) ToSql() (string, []interface{}, error)               { return "", nil, nil }
func (b InsertBuilder) MustSql() (string, []interface{})                    { return "", nil }
func (b InsertBuilder) Exec() (sql.Result, error)                           { return nil, nil }
func (b InsertBuilder) ExecContext(ctx context.Context) (sql.Result, error) { return nil, nil }
func (b InsertBuilder) QueryRowContext(ctx context.Context) RowScanner      { return nil }

type UpdateBuilder struct{}

func (b UpdateBuilder) PlaceholderFormat(f PlaceholderFormat) UpdateBuilder { return b }
func (b UpdateBuilder) Table(table string) UpdateBuilder                    { return b }
func (b UpdateBuilder) Set(column string, value interface{}) UpdateBuilder  { return b }
func (b UpdateBuilder) Where(pred interface{}, args ...interface{}) UpdateBuilder {
	return b
}
func (b UpdateBuilder) Suffix(sql string, args ...interface{}) UpdateBuilder { return b }
func (b UpdateBuilder) ToSql() (string, []interface{}, error)                { return "", nil, nil }
func (b UpdateBuilder) RunWith(runner BaseRunner) UpdateBuilder              { return b }
func (b UpdateBuilder) Exec() (sql.Result, error)                            { return nil, nil }
func (b UpdateBuilder) ExecContext(ctx context.Context) (sql.Result, error)  { return nil, nil }

type DeleteBuilder struct{}

func (b DeleteBuilder) From(from string) DeleteBuilder { return b }
func (b DeleteBuilder) Where(pred interface{}, args ...interface{}) DeleteBuilder {
	return b
}
func (b DeleteBuilder) ToSql() (string, []interface{}, error)   { return "", nil, nil }
func (b DeleteBuilder) RunWith(runner BaseRunner) DeleteBuilder { return b }
func (b DeleteBuilder) ExecContext(ctx context.Context) (sql.Result, error) {
	return nil, nil
}

type SelectBuilder struct{}

func (b SelectBuilder) From(from string) SelectBuilder { return b }
func (b SelectBuilder) Where(pred interface{}, args ...interface{}) SelectBuilder {
	return b
}
func (b SelectBuilder) ToSql() (string, []interface{}, error) { return "", nil, nil }
