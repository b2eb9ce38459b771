// Command worker wires the consumer's handlers: service methods adapted
// to the generic handler and decorated.
package main

import (
	"context"
	"database/sql"

	kafka "github.com/segmentio/kafka-go"

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
	c := &consumer.Consumer{Reader: kafka.NewReader(kafka.ReaderConfig{}), H: consumer.Handlers{
		Place:  command.Logged[orders.PlaceOrder](command.HandlerFunc[orders.PlaceOrder](svc.Place)),
		Refund: command.HandlerFunc[orders.RefundOrder](refunds.Refund),
		Audit:  command.HandlerFunc[orders.AuditOrder](refunds.Audit),
	}}
	_ = c.Run(context.Background())
}
