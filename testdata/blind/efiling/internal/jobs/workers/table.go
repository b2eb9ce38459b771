// Package workers holds the river workers run by cmd/worker.
package workers

import (
	"log/slog"

	"github.com/docketly/efile/internal/jobs/registry"
	"github.com/docketly/efile/internal/notify"
	"github.com/docketly/efile/internal/service"
	"github.com/docketly/efile/internal/store"
)

// Deps is everything the workers need.
type Deps struct {
	Store   *store.Store
	Gateway service.CourtGateway
	Servers service.ProcessServers
	Fees    service.FeeProcessor
	Mailer  service.Mailer
	Texter  service.Texter
	URLs    service.DocumentURLs
	Notify  *notify.Queue
	Log     *slog.Logger
}

// Table lists every job kind this service processes.
func Table(d Deps) registry.Table {
	log := func(kind string) *slog.Logger { return d.Log.With("job_kind", kind) }
	return registry.Table{
		{Kind: "submit_filing", Worker: registry.Worker(NewSubmitFilingWorker(d.Store, d.Gateway, d.URLs, log("submit_filing")))},
		{Kind: "eserve_filing", Worker: registry.Worker(NewEServeFilingWorker(d.Store, d.Gateway, log("eserve_filing")))},
		{Kind: "book_service", Worker: registry.Worker(NewBookServiceWorker(d.Store, d.Servers, d.URLs, log("book_service")))},
		{Kind: "docket_fanout", Worker: registry.Worker(NewDocketFanoutWorker(d.Store, d.Notify, log("docket_fanout")))},
		{Kind: "send_email", Worker: registry.Worker(NewSendEmailWorker(d.Store, d.Mailer, log("send_email")))},
		{Kind: "send_sms", Worker: registry.Worker(NewSendSMSWorker(d.Store, d.Texter, log("send_sms")))},
		{Kind: "settle_fee", Worker: registry.Worker(NewSettleFeeWorker(d.Store, d.Fees, d.Mailer, log("settle_fee")))},
		{Kind: "charge_fee_adjustment", Worker: registry.Worker(NewChargeFeeAdjustmentWorker(d.Store, d.Fees, log("charge_fee_adjustment")))},
	}
}
