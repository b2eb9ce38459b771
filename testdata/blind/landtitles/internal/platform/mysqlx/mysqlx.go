// Package mysqlx opens the MySQL pool and classifies driver errors.
package mysqlx

import (
	"errors"
	"fmt"
	"time"

	"github.com/go-sql-driver/mysql"
	"github.com/jmoiron/sqlx"
)

// Options controls the pool.
type Options struct {
	DSN             string
	MaxOpen         int
	MaxIdle         int
	ConnMaxLifetime time.Duration
}

// Open connects and pings.
func Open(o Options) (*sqlx.DB, error) {
	cfg, err := mysql.ParseDSN(o.DSN)
	if err != nil {
		return nil, fmt.Errorf("mysqlx: parse dsn: %w", err)
	}
	cfg.ParseTime = true
	cfg.Loc = time.UTC
	db, err := sqlx.Open("mysql", cfg.FormatDSN())
	if err != nil {
		return nil, err
	}
	if o.MaxOpen > 0 {
		db.SetMaxOpenConns(o.MaxOpen)
	}
	if o.MaxIdle > 0 {
		db.SetMaxIdleConns(o.MaxIdle)
	}
	if o.ConnMaxLifetime > 0 {
		db.SetConnMaxLifetime(o.ConnMaxLifetime)
	}
	if err := db.Ping(); err != nil {
		_ = db.Close()
		return nil, fmt.Errorf("mysqlx: ping: %w", err)
	}
	return db, nil
}

const erDupEntry = 1062

// IsDuplicate reports whether err is a unique-key violation.
func IsDuplicate(err error) bool {
	var me *mysql.MySQLError
	return errors.As(err, &me) && me.Number == erDupEntry
}
