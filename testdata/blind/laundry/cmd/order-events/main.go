// Command order-events runs the Kafka consumer groups for order and payment
// events.
package main

import (
	"os"

	"golang.org/x/sync/errgroup"

	"github.com/freshpress/laundry/internal/app"
	"github.com/freshpress/laundry/internal/consumers"
	"github.com/freshpress/laundry/internal/events"
	"github.com/freshpress/laundry/internal/jobs"
	"github.com/freshpress/laundry/internal/retry"
	"github.com/freshpress/laundry/internal/store"
)

func main() {
	cfg := app.LoadConfig()
	log := app.NewLogger("order-events")
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

	queue := app.NewAsynqClient(cfg)
	defer queue.Close()

	core := app.NewCore(db, ledgerDB, log)
	loyaltySvc := app.NewLoyalty(core)
	billingSvc := app.NewBilling(core, cfg, app.NewProcessor(cfg, log), jobs.NewEnqueuer(queue), loyaltySvc)
	dispatchSvc := app.NewDispatch(core, cfg, app.NewCourier(cfg))
	plantSvc := app.NewPlant(core, dispatchSvc, loyaltySvc)

	type group struct {
		topics []string
		run    *consumers.Runner
	}
	mk := func(d *consumers.Runner, topics ...string) group { return group{topics: topics, run: d} }
	groups := []group{
		mk(&consumers.Runner{Dispatcher: consumers.Billing(billingSvc, log)}, events.TopicOrders),
		mk(&consumers.Runner{Dispatcher: consumers.Dispatch(dispatchSvc, log)}, events.TopicOrders),
		mk(&consumers.Runner{Dispatcher: consumers.Plant(plantSvc, log)}, events.TopicOrders),
		mk(&consumers.Runner{Dispatcher: consumers.Notifications(app.NewSMS(cfg), store.NewNotifications(db), log)}, events.TopicOrders),
		mk(&consumers.Runner{Dispatcher: consumers.Loyalty(loyaltySvc, store.NewInbox(db), log)}, events.TopicOrders, events.TopicPayments),
	}

	g, gctx := errgroup.WithContext(ctx)
	for _, grp := range groups {
		r := grp.run
		name := r.Dispatcher.Name()
		r.Reader = app.NewKafkaReader(cfg, name, grp.topics...)
		r.DLQ = app.NewDLQWriter(cfg, name)
		r.Policy = retry.Patient
		r.Log = log
		g.Go(func() error {
			defer r.Reader.Close()
			defer r.DLQ.Close()
			return r.Run(gctx)
		})
	}
	if err := g.Wait(); err != nil {
		log.Error("consumer stopped", "err", err)
		os.Exit(1)
	}
}
