// Command shop runs the shop's API and workers.
package main

import (
	"context"
	"database/sql"
	"flag"
	"log"
	"net/http"
	"os"

	"github.com/gin-gonic/gin"
	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/labstack/echo/v4"

	"example.com/shop/api"
	"example.com/shop/store"
	"example.com/shop/worker"
)

func main() {
	seed := flag.Bool("seed", false, "fill an empty database with demo data and exit")
	payouts := flag.Bool("payouts", false, "record the nightly payouts and exit")
	flag.Parse()
	ctx := context.Background()

	// The driver is registered by the deployment's build (a blank import
	// of a postgres driver); it is not needed to compile the shop.
	db, err := sql.Open("postgres", os.Getenv("DATABASE_URL"))
	if err != nil {
		log.Fatal(err)
	}
	if *seed {
		if err := store.Seed(ctx, db); err != nil {
			log.Fatal(err)
		}
		return
	}
	if *payouts {
		p := &worker.Payouts{DB: db}
		if err := p.Record(ctx, "seller-1", 1000); err != nil {
			log.Fatal(err)
		}
		if err := p.RecordOnce(ctx, "seller-2", 2000); err != nil {
			log.Fatal(err)
		}
		return
	}

	pool, err := pgxpool.New(ctx, os.Getenv("DATABASE_URL"))
	if err != nil {
		log.Fatal(err)
	}
	redis := asynq.RedisClientOpt{Addr: os.Getenv("REDIS_ADDR")}
	srv := &api.Server{DB: db, Pool: pool, Orders: store.NewOrders(db), Tasks: asynq.NewClient(redis)}

	mux := http.NewServeMux()
	srv.Routes(mux)
	mux.Handle("POST /orders/{id}/refunds", api.RefundHandler(db))
	g := gin.New()
	srv.GinRoutes(g)
	api.CartRoutes(g, srv.Orders)
	e := echo.New()
	srv.EchoRoutes(e)

	w := &worker.Worker{DB: db, Client: http.DefaultClient, MailURL: os.Getenv("MAIL_URL")}
	jobs := asynq.NewServeMux()
	w.Register(jobs)
	worker.RegisterShipping(jobs, pool)
	go func() {
		if err := asynq.NewServer(redis, asynq.Config{Concurrency: 4}).Run(jobs); err != nil {
			log.Fatal(err)
		}
	}()
	go func() { log.Fatal(g.Run(":8081")) }()
	go func() { log.Fatal(e.Start(":8082")) }()
	log.Fatal(http.ListenAndServe(":8080", mux))
}
