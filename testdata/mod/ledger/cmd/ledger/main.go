// Command ledger runs the ledger API and its asynq and river workers.
package main

import (
	"context"
	"log"
	"net/http"
	"os"
	"os/signal"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib" // also the "pgx" database/sql driver
	"github.com/jmoiron/sqlx"
	"github.com/riverqueue/river"
	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"
	"gorm.io/driver/postgres"
	"gorm.io/gorm"

	"example.com/ledger/accounts"
	"example.com/ledger/orders"
	"example.com/ledger/payments"
	"example.com/ledger/stock"
	"example.com/ledger/store"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()

	dsn := os.Getenv("DATABASE_URL")
	pool, err := pgxpool.New(ctx, dsn)
	if err != nil {
		log.Fatal(err)
	}
	defer pool.Close()
	db, err := sqlx.Open("pgx", dsn)
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close()
	gdb, err := gorm.Open(postgres.Open(dsn), &gorm.Config{TranslateError: true})
	if err != nil {
		log.Fatal(err)
	}

	mux := http.NewServeMux()
	(&accounts.Handler{Pool: pool, Queries: store.New(pool)}).Routes(mux)
	(&payments.Service{DB: db, Pool: pool}).Routes(mux)

	workers := river.NewWorkers()
	river.AddWorker(workers, &accounts.InterestWorker{Pool: pool})
	river.AddWorker[accounts.InterestArgs](workers, &accounts.InterestOnceWorker{Pool: pool})
	_ = workers // handed to the river client in the worker binary

	tasks := asynq.NewServeMux()
	(&orders.Handler{Pool: pool, Gorm: gdb}).Register(tasks)
	(&payments.Settlements{DB: db.DB}).Register(tasks)
	(&stock.Handler{DB: bun.NewDB(stdlib.OpenDBFromPool(pool), pgdialect.New())}).Register(tasks)
	srv := asynq.NewServer(asynq.RedisClientOpt{Addr: os.Getenv("REDIS_ADDR")}, asynq.Config{Concurrency: 10})
	go func() {
		if err := srv.Run(tasks); err != nil {
			log.Fatal(err)
		}
	}()

	if len(os.Args) > 2 && os.Args[1] == "payout" {
		if err := (&payments.Payouts{DB: db.DB}).RunBatch(ctx, os.Args[2]); err != nil {
			log.Fatal(err)
		}
		return
	}

	server := &http.Server{Addr: ":8080", Handler: mux}
	go func() {
		<-ctx.Done()
		_ = server.Shutdown(context.Background())
	}()
	if err := server.ListenAndServe(); err != http.ErrServerClosed {
		log.Fatal(err)
	}
}
