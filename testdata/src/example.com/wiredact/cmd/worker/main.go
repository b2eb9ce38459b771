// Command worker registers the activities of another package from its
// table.
package main

import (
	"database/sql"

	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/worker"

	"example.com/wiredact/acts"
)

var w worker.Worker

func main() {
	pool, _ := sql.Open("postgres", "")
	a := &acts.Activities{DB: pool}
	for _, d := range a.Defs() {
		w.RegisterActivityWithOptions(d.Fn, activity.RegisterOptions{Name: d.Name})
	}
}
