// Command worker runs the sweep with river.
package main

import (
	"example.com/wiredjobs/jobs"
	"example.com/wiredjobs/reminders"
	"example.com/wiredjobs/worker"

	"github.com/riverqueue/river"
)

func main() {
	client := &river.Client[any]{}
	workers := river.NewWorkers()
	river.AddWorker(workers, &worker.SweepWorker{Sweeper: &reminders.Sweeper{Jobs: &jobs.Queue{Client: client}}})
}
