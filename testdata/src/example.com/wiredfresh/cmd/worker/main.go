// Command worker runs the settlement jobs.
package main

import (
	"database/sql"

	"example.com/wiredfresh/jobs"
	"example.com/wiredfresh/settle"
	"example.com/wiredfresh/settlestore"
	"github.com/riverqueue/river"
)

func main() {
	db, _ := sql.Open("postgres", "")
	svc := &settle.Service{Repos: &settlestore.Repos{DB: db}}
	jobs.Register(jobs.Deps{Workers: river.NewWorkers(), Settle: svc, Notes: svc})
}
