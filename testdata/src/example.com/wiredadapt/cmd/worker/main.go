// Command worker wires the consumer's handlers: service methods adapted
// to the generic handler and decorated.
package main

import (
	"context"
	"database/sql"

	"github.com/twmb/franz-go/pkg/kgo"

	"example.com/wiredadapt/command"
	"example.com/wiredadapt/consumer"
	"example.com/wiredadapt/orders"
	"example.com/wiredadapt/store"
)

func main() {
	db, _ := sql.Open("postgres", "")
	st := &store.Store{DB: db}
	svc := orders.New(st)
	refunds := &orders.Refunds{Store: st}
	settlements := &orders.Settlements{Store: st}
	shipments := &orders.Shipments{Store: st}
	cl, _ := kgo.NewClient()
	c := &consumer.Consumer{Client: cl, H: consumer.Handlers{
		Place:  command.Logged[orders.PlaceOrder](command.HandlerFunc[orders.PlaceOrder](svc.Place)),
		Refund: command.HandlerFunc[orders.RefundOrder](refunds.Refund),
		Audit:  command.HandlerFunc[orders.AuditOrder](refunds.Audit),
		Settle: command.HandlerFunc[orders.SettleOrder](settlements.Settle),
		Notify: command.HandlerFunc[orders.NotifyOrder](settlements.Notify),
		// Built: the adapter and the decorator are inside Build.
		Ship:    command.Build(shipments.Ship),
		Archive: command.Build(shipments.Archive),
	}}
	_ = c.Run(context.Background())
}
