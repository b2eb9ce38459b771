// Package mysql is a stub of github.com/go-sql-driver/mysql v1.9.3 for analysistest.
package mysql

import (
	"database/sql"
	"database/sql/driver"
)

// MySQLDriver is the database/sql driver.
type MySQLDriver struct{}

func (d MySQLDriver) Open(dsn string) (driver.Conn, error) { return nil, nil }

// MySQLError is an error the server returned.
type MySQLError struct {
	Number   uint16
	SQLState [5]byte
	Message  string
}

func (me *MySQLError) Error() string { return me.Message }

func init() { sql.Register("mysql", &MySQLDriver{}) }
