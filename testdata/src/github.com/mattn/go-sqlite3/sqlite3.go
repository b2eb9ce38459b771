// Package sqlite3 is a stub of github.com/mattn/go-sqlite3 v1.14.28 for analysistest.
package sqlite3

import (
	"database/sql"
	"database/sql/driver"
)

// SQLiteDriver is the database/sql driver.
type SQLiteDriver struct{}

func (d *SQLiteDriver) Open(dsn string) (driver.Conn, error) { return nil, nil }

func init() { sql.Register("sqlite3", &SQLiteDriver{}) }
