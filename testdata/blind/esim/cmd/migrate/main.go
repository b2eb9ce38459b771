// Command migrate applies the embedded schema migrations.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/globetrek/esim-platform/internal/db"
)

func main() {
	down := flag.Int("down", 0, "roll back this many steps instead of migrating up")
	version := flag.Bool("version", false, "print the current schema version")
	flag.Parse()

	dsn := os.Getenv("DATABASE_URL")
	if dsn == "" {
		fmt.Fprintln(os.Stderr, "DATABASE_URL is required")
		os.Exit(2)
	}
	var err error
	switch {
	case *version:
		var v uint
		var dirty bool
		v, dirty, err = db.Version(dsn)
		if err == nil {
			fmt.Printf("version %d dirty=%t\n", v, dirty)
		}
	case *down > 0:
		err = db.Rollback(dsn, *down)
	default:
		err = db.Migrate(dsn)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
