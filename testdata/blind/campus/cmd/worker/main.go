// Command worker runs the River job workers: maintenance dispatch, deposit
// refunds, damage charges, contractor payments, lock re-cores and email.
package main

import (
	"context"
	"database/sql"
	"log"
	"os/signal"
	"syscall"
	"time"

	"github.com/riverqueue/river"

	"github.com/quadhall/housing/internal/app"
	"github.com/quadhall/housing/internal/workers"
)

type workerProcess struct {
	client  *river.Client[*sql.Tx]
	workers workers.Registered
}

func newWorkerProcess(client *river.Client[*sql.Tx], reg workers.Registered) *workerProcess {
	return &workerProcess{client: client, workers: reg}
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	cfg, err := app.LoadConfig()
	if err != nil {
		log.Fatal(err)
	}
	proc, cleanup, err := initWorker(ctx, cfg)
	if err != nil {
		log.Fatalf("init: %v", err)
	}
	defer cleanup()

	if err := proc.client.Start(ctx); err != nil {
		log.Fatalf("start river: %v", err)
	}
	log.Printf("worker started with %d job kinds", proc.workers.Count)
	<-ctx.Done()

	stopCtx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := proc.client.Stop(stopCtx); err != nil {
		log.Printf("stop river: %v", err)
	}
}
