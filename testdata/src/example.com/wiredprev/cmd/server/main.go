// Command server wires the subscriptions' handler with a claim and a
// lookup of the request's key.
package main

import (
	"context"
	"database/sql"
	"net/http"

	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"gorm.io/gorm"

	"example.com/wiredprev/billing"
	"example.com/wiredprev/billingdb"
	"example.com/wiredprev/bus"
	"example.com/wiredprev/customs"
	"example.com/wiredprev/customsgw"
	"example.com/wiredprev/dues"
	"example.com/wiredprev/filings"
	"example.com/wiredprev/fleetapi"
	"example.com/wiredprev/fleetdb"
	"example.com/wiredprev/fleetsvc"
	"example.com/wiredprev/fleetvendor"
	"example.com/wiredprev/grants"
	"example.com/wiredprev/httpx"
	"example.com/wiredprev/idem"
	"example.com/wiredprev/ledgerdb"
	"example.com/wiredprev/mail"
	"example.com/wiredprev/meters"
	"example.com/wiredprev/notices"
	"example.com/wiredprev/pay"
	"example.com/wiredprev/reports"
	"example.com/wiredprev/shipping"
	"example.com/wiredprev/subs"
	"example.com/wiredprev/texts"
)

func main() {
	db, _ := sql.Open("postgres", "")
	orm, _ := gorm.Open(nil)
	h := &subs.Handler{DB: db, Claims: idem.Claims{}, Seen: idem.Lookups{}}
	http.HandleFunc("POST /subscriptions", h.Create)
	http.HandleFunc("POST /subscriptions/seen", h.CreateSeen)
	b := &subs.Billing{Pay: &pay.Client{API: &httpx.Client{Base: "https://pay.example", HTTP: http.DefaultClient}}}
	http.HandleFunc("POST /charges", b.Charge)
	http.HandleFunc("POST /charges/keyed", b.ChargeKeyed)
	f := &subs.Refunds{Out: &pay.Transfers{Base: "https://bank.example", HTTP: http.DefaultClient}}
	http.HandleFunc("POST /refunds", f.Refund)
	http.HandleFunc("POST /refunds/bare", f.RefundBare)
	store := &ledgerdb.Store{DB: db}
	d := &dues.Run{Invoices: store, Ledger: store}
	http.HandleFunc("POST /dues", d.Raise)
	http.HandleFunc("POST /dues/all", d.RaiseAll)
	rep := &reports.Reports{Shipments: &shipping.Service{DB: orm}}
	http.HandleFunc("POST /damage", rep.Damage)
	http.HandleFunc("POST /loss", rep.Loss)
	fh := &filings.Handler{Customs: &customs.Service{Shipments: &ledgerdb.Shipments{DB: db}, Gateway: &customsgw.Client{Base: "https://customs.example", HTTP: http.DefaultClient}}}
	http.HandleFunc("POST /filings", fh.File)
	http.HandleFunc("POST /filings/bare", fh.FileBare)
	commands := bus.New()
	grants.Register(commands, &ledgerdb.Grants{DB: db})
	ga := &grants.API{Bus: commands}
	http.HandleFunc("POST /grants", ga.Grant)
	http.HandleFunc("POST /grants/revoke", ga.Revoke)
	col := &subs.Collections{Debits: &pay.Debits{Base: "https://debits.example", HTTP: http.DefaultClient}}
	http.HandleFunc("POST /collections", col.Collect)
	http.HandleFunc("POST /collections/keyed", col.CollectKeyed)
	bh := &billing.Handler{Billing: &billing.Service{Store: billingdb.New(orm), Provider: &billingdb.Cards{Base: "https://cards.example", HTTP: http.DefaultClient}}}
	http.HandleFunc("POST /billing/events", bh.Webhook)
	http.HandleFunc("POST /billing/pay", bh.Pay)
	nh := &notices.Handler{Mail: &mail.Client{Base: "https://mail.example", HTTP: http.DefaultClient}, Texts: &texts.Client{Base: "https://texts.example", HTTP: http.DefaultClient}}
	http.HandleFunc("POST /welcome", nh.Welcome)
	http.HandleFunc("POST /welcome/keyed", nh.WelcomeKeyed)
	http.HandleFunc("POST /reminders", nh.Reminder)
	go meters.New(sqs.New(sqs.Options{}), &ledgerdb.Readings{DB: db}).Run(context.Background())
	fleet := &fleetapi.Handler{Events: fleetsvc.NewEvents(&fleetdb.Store{DB: db}, &fleetvendor.Client{Base: "https://vendor.example"})}
	http.HandleFunc("POST /fleet/events", fleet.Event)
	http.HandleFunc("POST /digests", nh.Digest)
	http.HandleFunc("POST /texts", nh.Text)
	http.HandleFunc("POST /texts/keyed", nh.TextKeyed)
	http.HandleFunc("POST /texts/built", nh.TextBuilt)
	http.HandleFunc("POST /texts/built/keyed", nh.TextBuiltKeyed)
	http.HandleFunc("POST /texts/broadcast", nh.Broadcast)
	http.ListenAndServe(":8080", nil)
}

// renewals runs the renewals a scheduler asks for.
func renewals(b *subs.Billing) {
	b.Renew(context.Background(), "m")
	b.RenewOnce(context.Background(), "m")
}
