// Command server wires the handlers and the consumer to the service.
package main

import (
	"context"
	"database/sql"
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/segmentio/kafka-go"
	"gorm.io/gorm"

	"example.com/wiredctx/api"
	"example.com/wiredctx/consumer"
	"example.com/wiredctx/failures"
	"example.com/wiredctx/ginapi"
	"example.com/wiredctx/ledger"
	"example.com/wiredctx/mailer"
	"example.com/wiredctx/notes"
	"example.com/wiredctx/orders"
	"example.com/wiredctx/payments"
	"example.com/wiredctx/pg"
	"example.com/wiredctx/psp"
	"example.com/wiredctx/refundapi"
	"example.com/wiredctx/refunds"
	"example.com/wiredctx/tasks"
)

func main() {
	db, _ := sql.Open("postgres", "")
	svc := orders.New(&pg.Store{DB: db}, &mailer.Client{HC: http.DefaultClient})
	h := &api.Handler{Orders: svc, Notes: &notes.Notes{DB: db}, Payments: payments.Gateway{}, Work: &ledger.Transactor{DB: &gorm.DB{}}, Balances: &ledger.Balances{DB: &gorm.DB{}}}
	http.HandleFunc("POST /orders", h.Create)
	http.HandleFunc("POST /bulk", h.Bulk)
	http.HandleFunc("POST /tags", h.Tag)
	http.HandleFunc("POST /notes", h.Note)
	http.HandleFunc("POST /payments", h.Pay)
	http.HandleFunc("POST /confirmations", h.Confirm)
	http.HandleFunc("POST /reminders", h.RemindAll)
	http.HandleFunc("POST /transfers", h.Transfer)
	http.HandleFunc("POST /transfers/loose", h.TransferLoose)
	http.HandleFunc("POST /transfers/logged", h.TransferLogged)
	http.HandleFunc("POST /payments/each", h.PayEach)
	g := &ginapi.GinHandler{Orders: svc, Payments: payments.Gateway{}}
	gin.New().POST("/refunds/:order", g.Refund)
	gin.New().POST("/charges/lines", g.ChargeLines)
	c := &consumer.Consumer{Orders: svc}
	go c.Run(context.Background(), kafka.NewReader(kafka.ReaderConfig{Topic: "orders"}))
	f := &consumer.Failures{Recorder: &failures.Store{DB: db}, Default: []byte(`{"id":"default"}`)}
	go f.Run(context.Background(), kafka.NewReader(kafka.ReaderConfig{Topic: "failures"}))
	l := &consumer.Ledger{Entries: ledger.New(&gorm.DB{})}
	go l.Run(context.Background(), kafka.NewReader(kafka.ReaderConfig{Topic: "ledger"}))
	rq := &consumer.Queue{Orders: svc}
	go rq.Run(context.Background())
	http.HandleFunc("POST /returns", h.Return)
	http.HandleFunc("POST /archives", h.Archive)
	http.HandleFunc("POST /archives/each", h.ArchiveEach)
	http.HandleFunc("POST /reorders", h.Reorder)
	http.HandleFunc("POST /resends", h.Resend)
	_ = (&tasks.Tasks{Orders: svc}).Mux()
	_ = tasks.NewRouter(&tasks.Tasks{Orders: svc})
	ra := &refundapi.API{Refunds: &refunds.Service{PSP: &psp.Client{HC: http.DefaultClient}}}
	http.HandleFunc("POST /refunds", ra.Refund)
	http.HandleFunc("POST /voids", ra.VoidAll)
	http.ListenAndServe(":8080", nil)
}
