package poller

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"

	"github.com/gridwise-energy/energysettle/internal/billing"
	"github.com/gridwise-energy/energysettle/internal/collections"
	"github.com/gridwise-energy/energysettle/internal/model"
	"github.com/gridwise-energy/energysettle/internal/platform/clock"
	"github.com/gridwise-energy/energysettle/internal/regulatory"
	"github.com/gridwise-energy/energysettle/internal/settlement"
	"github.com/gridwise-energy/energysettle/internal/statements"
)

// Services the queue handlers call.
type (
	Invoices interface {
		Book(ctx context.Context, req billing.BookRequest) (*model.Invoice, error)
	}
	Dunning interface {
		Process(ctx context.Context, n billing.DunningNotice) error
	}
	Collections interface {
		Collect(ctx context.Context, req collections.CollectRequest) error
		Retry(ctx context.Context, req collections.RetryRequest) error
	}
	Refunds interface {
		Submit(ctx context.Context, refundRequestID string) error
	}
	PaymentEvents interface {
		Handle(ctx context.Context, deliveryID string, events []collections.ProviderEvent) error
	}
	Payouts interface {
		Reconcile(ctx context.Context, n collections.PayoutNotice) error
	}
	Statements interface {
		Generate(ctx context.Context, req statements.GenerateRequest) (*model.Statement, error)
		Acknowledge(ctx context.Context, a statements.Ack) error
		RecordDispute(ctx context.Context, d statements.Dispute) error
	}
	Filings interface {
		FileDaily(ctx context.Context, date time.Time, reportType string) (*model.RegulatoryFiling, error)
		Amend(ctx context.Context, req regulatory.AmendmentRequest) error
	}
	Recalculator interface {
		RecalculateDate(ctx context.Context, date time.Time) error
	}
)

// QueueURLs names the queue each handler reads.
type QueueURLs struct {
	InvoiceRequests, CollectionRequests, CollectionRetries, RefundRequests string
	PaymentEvents, PayoutEvents                                            string
	StatementRequests, StatementAcks, StatementDisputes                    string
	RegulatorDaily, RegulatorAmendments, Dunning, ImbalanceRecalc          string
}

// Handlers adapts queue messages to services.
type Handlers struct {
	invoices    Invoices
	dunning     Dunning
	collections Collections
	refunds     Refunds
	events      PaymentEvents
	payouts     Payouts
	statements  Statements
	filings     Filings
	recalc      Recalculator
	log         *slog.Logger
}

// NewHandlers wires the queue handlers.
func NewHandlers(invoices Invoices, dunning Dunning, coll Collections, refunds Refunds, events PaymentEvents, payouts Payouts, st Statements, filings Filings, recalc Recalculator, log *slog.Logger) *Handlers {
	return &Handlers{
		invoices: invoices, dunning: dunning, collections: coll, refunds: refunds,
		events: events, payouts: payouts, statements: st, filings: filings, recalc: recalc, log: log,
	}
}

// Queues is the poller registration table.
func (h *Handlers) Queues(u QueueURLs) []Queue {
	return []Queue{
		{Name: "invoice-requests", URL: u.InvoiceRequests, Handler: JSON(h.invoiceRequest), Workers: 4},
		{Name: "collection-requests", URL: u.CollectionRequests, Handler: JSON(h.collectionRequest), Workers: 4, VisibilityTimeout: 120},
		{Name: "collection-retries", URL: u.CollectionRetries, Handler: JSON(h.collectionRetry), Workers: 2, VisibilityTimeout: 120},
		{Name: "refund-requests", URL: u.RefundRequests, Handler: JSON(h.refundRequest), VisibilityTimeout: 120},
		{Name: "payment-events", URL: u.PaymentEvents, Handler: JSON(h.paymentEvents), Workers: 2},
		{Name: "payout-events", URL: u.PayoutEvents, Handler: JSON(h.payoutEvent)},
		{Name: "statement-requests", URL: u.StatementRequests, Handler: JSON(h.statementRequest), Workers: 2},
		{Name: "statement-acks", URL: u.StatementAcks, Handler: JSON(h.statementAck)},
		{Name: "statement-disputes", URL: u.StatementDisputes, Handler: JSON(h.statementDispute)},
		{Name: "regulator-daily", URL: u.RegulatorDaily, Handler: JSON(h.regulatorDaily), VisibilityTimeout: 300},
		{Name: "regulator-amendments", URL: u.RegulatorAmendments, Handler: JSON(h.regulatorAmendment), VisibilityTimeout: 300},
		{Name: "dunning", URL: u.Dunning, Handler: JSON(h.dunningNotice), Workers: 2},
		{Name: "imbalance-recalc", URL: u.ImbalanceRecalc, Handler: JSON(h.imbalanceRecalc), VisibilityTimeout: 300},
	}
}

func classify(err error) error {
	if err == nil {
		return nil
	}
	for _, invalid := range []error{
		billing.ErrInvalid, billing.ErrKeyReused, collections.ErrInvalid,
		statements.ErrInvalid, regulatory.ErrInvalid, settlement.ErrInvalid,
	} {
		if errors.Is(err, invalid) {
			return Unprocessable(err)
		}
	}
	return err
}

type date struct{ time.Time }

func (d *date) UnmarshalJSON(b []byte) error {
	if string(b) == "null" || string(b) == `""` {
		return nil
	}
	if len(b) < 2 {
		return fmt.Errorf("bad date %s", b)
	}
	t, err := clock.ParseDate(string(b[1 : len(b)-1]))
	if err != nil {
		return err
	}
	d.Time = t
	return nil
}

type invoiceRequestMsg struct {
	AccountID   string `json:"account_id"`
	PeriodStart date   `json:"period_start"`
	PeriodEnd   date   `json:"period_end"`
}

func (h *Handlers) invoiceRequest(ctx context.Context, _ types.Message, b invoiceRequestMsg) error {
	inv, err := h.invoices.Book(ctx, billing.BookRequest{AccountID: b.AccountID, PeriodStart: b.PeriodStart.Time, PeriodEnd: b.PeriodEnd.Time})
	if err != nil {
		return classify(err)
	}
	h.log.Info("invoice booked", "invoice_id", inv.ID, "account_id", inv.AccountID, "total_pence", inv.TotalPence)
	return nil
}

type collectionRequestMsg struct {
	InvoiceID string `json:"invoice_id"`
}

func (h *Handlers) collectionRequest(ctx context.Context, _ types.Message, b collectionRequestMsg) error {
	return classify(h.collections.Collect(ctx, collections.CollectRequest{InvoiceID: b.InvoiceID}))
}

type collectionRetryMsg struct {
	InvoiceID string `json:"invoice_id"`
	AttemptNo int    `json:"attempt_no"`
}

func (h *Handlers) collectionRetry(ctx context.Context, _ types.Message, b collectionRetryMsg) error {
	return classify(h.collections.Retry(ctx, collections.RetryRequest{InvoiceID: b.InvoiceID, AttemptNo: b.AttemptNo}))
}

type refundRequestMsg struct {
	RefundRequestID string `json:"refund_request_id"`
}

func (h *Handlers) refundRequest(ctx context.Context, _ types.Message, b refundRequestMsg) error {
	return classify(h.refunds.Submit(ctx, b.RefundRequestID))
}

type webhookBody struct {
	Events []collections.ProviderEvent `json:"events"`
}

func (h *Handlers) paymentEvents(ctx context.Context, m types.Message, b webhookBody) error {
	deliveryID := aws.ToString(m.MessageId)
	if attr, ok := m.MessageAttributes["webhook_id"]; ok && attr.StringValue != nil {
		deliveryID = *attr.StringValue
	}
	return classify(h.events.Handle(ctx, deliveryID, b.Events))
}

type payoutMsg struct {
	PayoutID     string `json:"payout_id"`
	Amount       int64  `json:"amount"`
	DeductedFees int64  `json:"deducted_fees"`
	Currency     string `json:"currency"`
	ArrivalDate  date   `json:"arrival_date"`
	Reference    string `json:"reference"`
	Items        []struct {
		PaymentID string `json:"payment_id"`
		Amount    int64  `json:"amount"`
	} `json:"items"`
}

func (h *Handlers) payoutEvent(ctx context.Context, _ types.Message, b payoutMsg) error {
	n := collections.PayoutNotice{
		PayoutID:          b.PayoutID,
		AmountPence:       b.Amount,
		DeductedFeesPence: b.DeductedFees,
		Currency:          b.Currency,
		ArrivalDate:       b.ArrivalDate.Time,
		Reference:         b.Reference,
	}
	for _, it := range b.Items {
		n.Items = append(n.Items, collections.PayoutLine{ProviderPaymentID: it.PaymentID, AmountPence: it.Amount})
	}
	return classify(h.payouts.Reconcile(ctx, n))
}

type statementRequestMsg struct {
	CounterpartyCode string `json:"counterparty_code"`
	PeriodStart      date   `json:"period_start"`
	PeriodEnd        date   `json:"period_end"`
	Reason           string `json:"reason"`
}

func (h *Handlers) statementRequest(ctx context.Context, _ types.Message, b statementRequestMsg) error {
	reason := b.Reason
	if reason == "" {
		reason = "scheduled"
	}
	_, err := h.statements.Generate(ctx, statements.GenerateRequest{
		CounterpartyCode: b.CounterpartyCode,
		PeriodStart:      b.PeriodStart.Time,
		PeriodEnd:        b.PeriodEnd.Time,
		Reason:           reason,
	})
	return classify(err)
}

type statementAckMsg struct {
	StatementID string    `json:"statement_id"`
	AckRef      string    `json:"ack_ref"`
	AckedAt     time.Time `json:"acked_at"`
}

func (h *Handlers) statementAck(ctx context.Context, _ types.Message, b statementAckMsg) error {
	return classify(h.statements.Acknowledge(ctx, statements.Ack{StatementID: b.StatementID, AckRef: b.AckRef, AckedAt: b.AckedAt}))
}

type statementDisputeMsg struct {
	StatementID string    `json:"statement_id"`
	DisputeRef  string    `json:"dispute_ref"`
	Reason      string    `json:"reason"`
	AmountPence int64     `json:"amount_pence"`
	RaisedAt    time.Time `json:"raised_at"`
}

func (h *Handlers) statementDispute(ctx context.Context, _ types.Message, b statementDisputeMsg) error {
	return classify(h.statements.RecordDispute(ctx, statements.Dispute{
		StatementID: b.StatementID,
		DisputeRef:  b.DisputeRef,
		Reason:      b.Reason,
		AmountPence: b.AmountPence,
		RaisedAt:    b.RaisedAt,
	}))
}

type regulatorDailyMsg struct {
	ReportDate  date     `json:"report_date"`
	ReportTypes []string `json:"report_types"`
}

func (h *Handlers) regulatorDaily(ctx context.Context, _ types.Message, b regulatorDailyMsg) error {
	reportTypes := b.ReportTypes
	if len(reportTypes) == 0 {
		reportTypes = []string{regulatory.ReportDailyPosition, regulatory.ReportImbalance}
	}
	var errs []error
	for _, t := range reportTypes {
		if _, err := h.filings.FileDaily(ctx, b.ReportDate.Time, t); err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", t, err))
		}
	}
	return classify(errors.Join(errs...))
}

type regulatorAmendmentMsg struct {
	AmendmentRef string `json:"amendment_ref"`
	ReportDate   date   `json:"report_date"`
	ReportType   string `json:"report_type"`
	Reason       string `json:"reason"`
}

func (h *Handlers) regulatorAmendment(ctx context.Context, _ types.Message, b regulatorAmendmentMsg) error {
	return classify(h.filings.Amend(ctx, regulatory.AmendmentRequest{
		AmendmentRef: b.AmendmentRef,
		ReportDate:   b.ReportDate.Time,
		ReportType:   b.ReportType,
		Reason:       b.Reason,
	}))
}

type dunningMsg struct {
	InvoiceID string    `json:"invoice_id"`
	AsOf      time.Time `json:"as_of"`
}

func (h *Handlers) dunningNotice(ctx context.Context, _ types.Message, b dunningMsg) error {
	return classify(h.dunning.Process(ctx, billing.DunningNotice{InvoiceID: b.InvoiceID, AsOf: b.AsOf}))
}

type recalcMsg struct {
	SettlementDate date   `json:"settlement_date"`
	Reason         string `json:"reason"`
	SourceRef      string `json:"source_ref"`
}

func (h *Handlers) imbalanceRecalc(ctx context.Context, _ types.Message, b recalcMsg) error {
	return classify(h.recalc.RecalculateDate(ctx, b.SettlementDate.Time))
}
