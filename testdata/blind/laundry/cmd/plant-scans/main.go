// Command plant-scans consumes station scans from the plant floor.
package main

import (
	"os"

	"github.com/freshpress/laundry/internal/app"
	"github.com/freshpress/laundry/internal/scans"
)

func main() {
	cfg := app.LoadConfig()
	log := app.NewLogger("plant-scans")
	ctx, stop := app.SignalContext()
	defer stop()

	db, err := app.OpenGorm(ctx, cfg)
	if err != nil {
		log.Error("database", "err", err)
		os.Exit(1)
	}
	ledgerDB, err := app.OpenLedger(ctx, cfg)
	if err != nil {
		log.Error("ledger", "err", err)
		os.Exit(1)
	}
	defer ledgerDB.Close()

	conn, err := app.DialAMQP(cfg)
	if err != nil {
		log.Error("amqp", "err", err)
		os.Exit(1)
	}
	defer conn.Close()

	core := app.NewCore(db, ledgerDB, log)
	loyaltySvc := app.NewLoyalty(core)
	dispatchSvc := app.NewDispatch(core, cfg, app.NewCourier(cfg))
	plantSvc := app.NewPlant(core, dispatchSvc, loyaltySvc)

	c := &scans.Consumer{
		Conn:       conn,
		Queue:      cfg.AMQPScanQueue,
		Prefetch:   cfg.AMQPPrefetch,
		Dispatcher: scans.Routes(plantSvc, log),
		Log:        log,
	}
	if err := c.Run(ctx); err != nil {
		log.Error("scan consumer", "err", err)
		os.Exit(1)
	}
}
