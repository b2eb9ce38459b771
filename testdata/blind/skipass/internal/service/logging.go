package service

import (
	"context"
	"log/slog"
	"time"

	"github.com/stripe/stripe-go/v82"

	"github.com/summitline/skipass/internal/model"
	"github.com/summitline/skipass/internal/provider/cardissuer"
	"github.com/summitline/skipass/internal/store"
)

// logged runs fn and logs its duration and outcome under op.
func logged[T any](ctx context.Context, log *slog.Logger, op string, fn func() (T, error), attrs ...any) (T, error) {
	start := time.Now()
	v, err := fn()
	attrs = append(attrs, "op", op, "took", time.Since(start))
	if err != nil {
		log.ErrorContext(ctx, "service call failed", append(attrs, "err", err)...)
	} else {
		log.DebugContext(ctx, "service call", attrs...)
	}
	return v, err
}

func loggedErr(ctx context.Context, log *slog.Logger, op string, fn func() error, attrs ...any) error {
	_, err := logged(ctx, log, op, func() (struct{}, error) { return struct{}{}, fn() }, attrs...)
	return err
}

type loggingOrders struct {
	next OrderService
	log  *slog.Logger
}

func WithOrderLogging(next OrderService, log *slog.Logger) OrderService {
	return &loggingOrders{next: next, log: log}
}

func (l *loggingOrders) Checkout(ctx context.Context, in CheckoutInput) (*CheckoutResult, error) {
	return logged(ctx, l.log, "orders.checkout", func() (*CheckoutResult, error) { return l.next.Checkout(ctx, in) },
		"account_id", in.AccountID, "lines", len(in.Lines))
}

func (l *loggingOrders) Confirm(ctx context.Context, orderID string) (*model.Order, error) {
	return logged(ctx, l.log, "orders.confirm", func() (*model.Order, error) { return l.next.Confirm(ctx, orderID) },
		"order_id", orderID)
}

func (l *loggingOrders) Cancel(ctx context.Context, orderID string) error {
	return loggedErr(ctx, l.log, "orders.cancel", func() error { return l.next.Cancel(ctx, orderID) }, "order_id", orderID)
}

func (l *loggingOrders) FulfilPaymentIntent(ctx context.Context, piID string) error {
	return loggedErr(ctx, l.log, "orders.fulfil", func() error { return l.next.FulfilPaymentIntent(ctx, piID) },
		"payment_intent", piID)
}

type loggingSeason struct {
	next SeasonPassService
	log  *slog.Logger
}

func WithSeasonLogging(next SeasonPassService, log *slog.Logger) SeasonPassService {
	return &loggingSeason{next: next, log: log}
}

func (l *loggingSeason) Purchase(ctx context.Context, in SeasonPurchaseInput) (*SeasonPurchase, error) {
	return logged(ctx, l.log, "season.purchase", func() (*SeasonPurchase, error) { return l.next.Purchase(ctx, in) },
		"account_id", in.AccountID, "product_id", in.ProductID, "instalments", in.Instalments)
}

type loggingClosures struct {
	next ClosureService
	log  *slog.Logger
}

func WithClosureLogging(next ClosureService, log *slog.Logger) ClosureService {
	return &loggingClosures{next: next, log: log}
}

func (l *loggingClosures) Declare(ctx context.Context, in DeclareClosureInput) (*model.LiftClosure, error) {
	return logged(ctx, l.log, "closures.declare", func() (*model.LiftClosure, error) { return l.next.Declare(ctx, in) },
		"lift_id", in.LiftID, "date", in.Date.Format(time.DateOnly))
}

func (l *loggingClosures) ExpandRefunds(ctx context.Context, closureID int64) (int, error) {
	return logged(ctx, l.log, "closures.expand_refunds", func() (int, error) { return l.next.ExpandRefunds(ctx, closureID) },
		"closure_id", closureID)
}

type loggingClaims struct {
	next ClaimService
	log  *slog.Logger
}

func WithClaimLogging(next ClaimService, log *slog.Logger) ClaimService {
	return &loggingClaims{next: next, log: log}
}

func (l *loggingClaims) Submit(ctx context.Context, in SubmitClaimInput) (*model.RefundClaim, error) {
	return logged(ctx, l.log, "claims.submit", func() (*model.RefundClaim, error) { return l.next.Submit(ctx, in) },
		"pass_id", in.PassID, "closure_id", in.ClosureID)
}

type loggingRefunds struct {
	next RefundService
	log  *slog.Logger
}

func WithRefundLogging(next RefundService, log *slog.Logger) RefundService {
	return &loggingRefunds{next: next, log: log}
}

func (l *loggingRefunds) Issue(ctx context.Context, source, id string) error {
	return loggedErr(ctx, l.log, "refunds.issue", func() error { return l.next.Issue(ctx, source, id) },
		"source", source, "id", id)
}

type loggingCards struct {
	next CardService
	log  *slog.Logger
}

func WithCardLogging(next CardService, log *slog.Logger) CardService {
	return &loggingCards{next: next, log: log}
}

func (l *loggingCards) Encode(ctx context.Context, passID string) error {
	return loggedErr(ctx, l.log, "cards.encode", func() error { return l.next.Encode(ctx, passID) }, "pass_id", passID)
}

func (l *loggingCards) HandleCallback(ctx context.Context, ev cardissuer.CallbackEvent) error {
	return loggedErr(ctx, l.log, "cards.callback", func() error { return l.next.HandleCallback(ctx, ev) },
		"event_id", ev.EventID, "type", ev.Type, "pass_id", ev.PassID)
}

func (l *loggingCards) ReplaceCard(ctx context.Context, accountID, passID, reason string) (*model.CardReplacement, error) {
	return logged(ctx, l.log, "cards.replace", func() (*model.CardReplacement, error) {
		return l.next.ReplaceCard(ctx, accountID, passID, reason)
	}, "pass_id", passID)
}

func (l *loggingCards) Ship(ctx context.Context, passID string) error {
	return loggedErr(ctx, l.log, "cards.ship", func() error { return l.next.Ship(ctx, passID) }, "pass_id", passID)
}

func (l *loggingCards) ExpireEnded(ctx context.Context, asOf time.Time) (int64, error) {
	return logged(ctx, l.log, "cards.expire", func() (int64, error) { return l.next.ExpireEnded(ctx, asOf) })
}

type loggingLoyalty struct {
	next LoyaltyService
	log  *slog.Logger
}

func WithLoyaltyLogging(next LoyaltyService, log *slog.Logger) LoyaltyService {
	return &loggingLoyalty{next: next, log: log}
}

func (l *loggingLoyalty) GrantRideDay(ctx context.Context, accountID, passID string, day time.Time) (bool, error) {
	return logged(ctx, l.log, "loyalty.grant_ride_day", func() (bool, error) {
		return l.next.GrantRideDay(ctx, accountID, passID, day)
	}, "account_id", accountID, "day", day.Format(time.DateOnly))
}

func (l *loggingLoyalty) CreditPoints(ctx context.Context, accountID string, points int, ref string) error {
	return loggedErr(ctx, l.log, "loyalty.credit", func() error { return l.next.CreditPoints(ctx, accountID, points, ref) },
		"account_id", accountID, "points", points)
}

func (l *loggingLoyalty) MarkGranted(ctx context.Context, keys []store.RideDayKey) error {
	return loggedErr(ctx, l.log, "loyalty.mark_granted", func() error { return l.next.MarkGranted(ctx, keys) },
		"days", len(keys))
}

func (l *loggingLoyalty) Redeem(ctx context.Context, in RedeemInput) (*model.LoyaltyRedemption, error) {
	return logged(ctx, l.log, "loyalty.redeem", func() (*model.LoyaltyRedemption, error) { return l.next.Redeem(ctx, in) },
		"account_id", in.AccountID, "reward", in.RewardCode)
}

type loggingAccounts struct {
	next AccountService
	log  *slog.Logger
}

func WithAccountLogging(next AccountService, log *slog.Logger) AccountService {
	return &loggingAccounts{next: next, log: log}
}

func (l *loggingAccounts) UpdateProfile(ctx context.Context, in ProfileInput) (*model.Account, error) {
	return logged(ctx, l.log, "accounts.update_profile", func() (*model.Account, error) { return l.next.UpdateProfile(ctx, in) },
		"account_id", in.AccountID)
}

type loggingGates struct {
	next GateService
	log  *slog.Logger
}

func WithGateLogging(next GateService, log *slog.Logger) GateService {
	return &loggingGates{next: next, log: log}
}

func (l *loggingGates) RecordScan(ctx context.Context, in ScanInput) (*ScanDecision, error) {
	return logged(ctx, l.log, "gates.scan", func() (*ScanDecision, error) { return l.next.RecordScan(ctx, in) },
		"gate_id", in.GateID, "scan_id", in.ScanID)
}

func (l *loggingGates) IngestBatch(ctx context.Context, gateID string, scans []ScanInput) (int, error) {
	return logged(ctx, l.log, "gates.ingest_batch", func() (int, error) { return l.next.IngestBatch(ctx, gateID, scans) },
		"gate_id", gateID, "scans", len(scans))
}

func (l *loggingGates) ReportStatus(ctx context.Context, in GateStatusInput) error {
	return loggedErr(ctx, l.log, "gates.status", func() error { return l.next.ReportStatus(ctx, in) }, "gate_id", in.GateID)
}

type loggingGroups struct {
	next GroupService
	log  *slog.Logger
}

func WithGroupLogging(next GroupService, log *slog.Logger) GroupService {
	return &loggingGroups{next: next, log: log}
}

func (l *loggingGroups) Create(ctx context.Context, in CreateGroupInput) (*model.GroupBooking, error) {
	return logged(ctx, l.log, "groups.create", func() (*model.GroupBooking, error) { return l.next.Create(ctx, in) },
		"organisation", in.Organisation, "headcount", in.Headcount)
}

func (l *loggingGroups) Get(ctx context.Context, id string) (*model.GroupBooking, error) {
	return l.next.Get(ctx, id)
}

func (l *loggingGroups) IssueInvoice(ctx context.Context, bookingID string) (*model.GroupBooking, error) {
	return logged(ctx, l.log, "groups.issue_invoice", func() (*model.GroupBooking, error) {
		return l.next.IssueInvoice(ctx, bookingID)
	}, "booking_id", bookingID)
}

func (l *loggingGroups) PayDeposit(ctx context.Context, bookingID string) (*DepositResult, error) {
	return logged(ctx, l.log, "groups.pay_deposit", func() (*DepositResult, error) { return l.next.PayDeposit(ctx, bookingID) },
		"booking_id", bookingID)
}

type loggingBilling struct {
	next BillingService
	log  *slog.Logger
}

func WithBillingLogging(next BillingService, log *slog.Logger) BillingService {
	return &loggingBilling{next: next, log: log}
}

func (l *loggingBilling) RunMonthlyInvoices(ctx context.Context, month time.Time) (int, error) {
	return logged(ctx, l.log, "billing.monthly", func() (int, error) { return l.next.RunMonthlyInvoices(ctx, month) },
		"month", month.Format("2006-01"))
}

func (l *loggingBilling) QueueReminders(ctx context.Context, asOf time.Time) (int, error) {
	return logged(ctx, l.log, "billing.queue_reminders", func() (int, error) { return l.next.QueueReminders(ctx, asOf) })
}

func (l *loggingBilling) SendReminder(ctx context.Context, invoiceID string, stage int, taskID string) error {
	return loggedErr(ctx, l.log, "billing.send_reminder", func() error {
		return l.next.SendReminder(ctx, invoiceID, stage, taskID)
	}, "invoice_id", invoiceID, "stage", stage)
}

type loggingInstalments struct {
	next InstalmentService
	log  *slog.Logger
}

func WithInstalmentLogging(next InstalmentService, log *slog.Logger) InstalmentService {
	return &loggingInstalments{next: next, log: log}
}

func (l *loggingInstalments) QueueDue(ctx context.Context, asOf time.Time) (int, error) {
	return logged(ctx, l.log, "instalments.queue_due", func() (int, error) { return l.next.QueueDue(ctx, asOf) })
}

func (l *loggingInstalments) Charge(ctx context.Context, instalmentID int64) error {
	return loggedErr(ctx, l.log, "instalments.charge", func() error { return l.next.Charge(ctx, instalmentID) },
		"instalment_id", instalmentID)
}

func (l *loggingInstalments) SendReceipt(ctx context.Context, instalmentID int64) error {
	return loggedErr(ctx, l.log, "instalments.receipt", func() error { return l.next.SendReceipt(ctx, instalmentID) },
		"instalment_id", instalmentID)
}

func (l *loggingInstalments) RecordFailure(ctx context.Context, paymentIntentID, reason string) error {
	return loggedErr(ctx, l.log, "instalments.record_failure", func() error {
		return l.next.RecordFailure(ctx, paymentIntentID, reason)
	}, "payment_intent", paymentIntentID)
}

type loggingPaymentEvents struct {
	next PaymentEventService
	log  *slog.Logger
}

func WithPaymentEventLogging(next PaymentEventService, log *slog.Logger) PaymentEventService {
	return &loggingPaymentEvents{next: next, log: log}
}

func (l *loggingPaymentEvents) Handle(ctx context.Context, ev stripe.Event) error {
	return loggedErr(ctx, l.log, "payments.event", func() error { return l.next.Handle(ctx, ev) },
		"event_id", ev.ID, "type", string(ev.Type))
}
