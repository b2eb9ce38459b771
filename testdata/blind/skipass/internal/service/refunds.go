package service

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"github.com/summitline/skipass/internal/model"
	"github.com/summitline/skipass/internal/platform/queue"
	"github.com/summitline/skipass/internal/provider/stripepay"
	"github.com/summitline/skipass/internal/store"
	"github.com/summitline/skipass/internal/tasks"
)

type DeclareClosureInput struct {
	LiftID     string
	Date       time.Time
	Reason     string
	RefundPct  int
	DeclaredBy string
}

// ClosureService records weather closures and fans out the refunds they trigger.
type ClosureService interface {
	Declare(ctx context.Context, in DeclareClosureInput) (*model.LiftClosure, error)
	ExpandRefunds(ctx context.Context, closureID int64) (int, error)
}

type closureService struct {
	db       *bun.DB
	closures store.Closures
	passes   store.Passes
	orders   store.Orders
	refunds  store.WeatherRefunds
	queue    queue.Enqueuer
}

func NewClosureService(db *bun.DB, closures store.Closures, passes store.Passes, orders store.Orders,
	refunds store.WeatherRefunds, q queue.Enqueuer) *closureService {
	return &closureService{db: db, closures: closures, passes: passes, orders: orders, refunds: refunds, queue: q}
}

func (s *closureService) Declare(ctx context.Context, in DeclareClosureInput) (*model.LiftClosure, error) {
	if in.LiftID == "" || in.RefundPct < 0 || in.RefundPct > 100 {
		return nil, ErrInvalid
	}
	c, _, err := s.closures.InsertIfAbsent(ctx, s.db, &model.LiftClosure{
		LiftID:      in.LiftID,
		ClosureDate: in.Date,
		Reason:      in.Reason,
		RefundPct:   in.RefundPct,
		DeclaredBy:  in.DeclaredBy,
	})
	if err != nil {
		return nil, err
	}
	if c.RefundPct == 0 {
		return c, nil
	}
	t, err := tasks.New(tasks.TypeClosureRefunds, tasks.ClosureRefunds{ClosureID: c.ID})
	if err != nil {
		return nil, err
	}
	if err := tasks.Enqueue(ctx, s.queue, t,
		tasks.Options(tasks.TypeClosureRefunds, tasks.ID("closure-refunds", c.ID))...); err != nil {
		return nil, err
	}
	return c, nil
}

// ExpandRefunds creates one weather refund per day ticket valid on the
// closure date and queues each for payment.
func (s *closureService) ExpandRefunds(ctx context.Context, closureID int64) (int, error) {
	c, err := s.closures.Get(ctx, s.db, closureID)
	if err != nil {
		return 0, mapErr(err)
	}
	passes, err := s.passes.ListDayTicketsFor(ctx, s.db, c.ClosureDate)
	if err != nil {
		return 0, err
	}

	orders := map[string]*model.Order{}
	for _, p := range passes {
		o, ok := orders[*p.OrderID]
		if !ok {
			if o, err = s.orders.Get(ctx, s.db, *p.OrderID); err != nil {
				return 0, err
			}
			orders[o.ID] = o
		}
		if o.Status != model.OrderPaid || o.PaymentIntentID == nil {
			continue
		}
		unit := unitPrice(o, p)
		if _, err := s.refunds.InsertIfAbsent(ctx, s.db, &model.WeatherRefund{
			ClosureID:       c.ID,
			PassID:          p.ID,
			PaymentIntentID: *o.PaymentIntentID,
			AmountCents:     unit * int64(c.RefundPct) / 100,
			Status:          model.RefundPending,
		}); err != nil {
			return 0, err
		}
	}

	pending, err := s.refunds.ListPending(ctx, s.db, c.ID)
	if err != nil {
		return 0, err
	}
	for _, r := range pending {
		id := strconv.FormatInt(r.ID, 10)
		t, err := tasks.New(tasks.TypeIssueRefund, tasks.IssueRefund{Source: tasks.RefundSourceWeather, ID: id})
		if err != nil {
			return 0, err
		}
		if err := tasks.Enqueue(ctx, s.queue, t,
			tasks.Options(tasks.TypeIssueRefund, tasks.ID("refund", "weather", id))...); err != nil {
			return 0, err
		}
	}
	return len(pending), nil
}

func unitPrice(o *model.Order, p *model.Pass) int64 {
	for _, l := range o.Lines {
		if p.OrderLineID != nil && l.ID == *p.OrderLineID {
			return l.UnitCents
		}
	}
	return 0
}

type SubmitClaimInput struct {
	AccountID string
	PassID    string
	ClosureID int64
	Reason    string
}

// ClaimService takes closure compensation claims from season-pass holders.
type ClaimService interface {
	Submit(ctx context.Context, in SubmitClaimInput) (*model.RefundClaim, error)
}

type claimService struct {
	db        *bun.DB
	passes    store.Passes
	contracts store.Contracts
	closures  store.Closures
	claims    store.Claims
	queue     queue.Enqueuer
	newID     func() string
}

func NewClaimService(db *bun.DB, passes store.Passes, contracts store.Contracts, closures store.Closures,
	claims store.Claims, q queue.Enqueuer) *claimService {
	return &claimService{
		db: db, passes: passes, contracts: contracts, closures: closures, claims: claims, queue: q,
		newID: uuid.NewString,
	}
}

func (s *claimService) Submit(ctx context.Context, in SubmitClaimInput) (*model.RefundClaim, error) {
	p, err := s.passes.Get(ctx, s.db, in.PassID)
	if err != nil {
		return nil, mapErr(err)
	}
	if p.AccountID != in.AccountID {
		return nil, ErrNotFound
	}
	if p.Kind != model.ProductSeasonPass || p.ContractID == nil {
		return nil, fmt.Errorf("day tickets are refunded automatically: %w", ErrInvalid)
	}
	c, err := s.closures.Get(ctx, s.db, in.ClosureID)
	if err != nil {
		return nil, mapErr(err)
	}
	if c.RefundPct == 0 || c.ClosureDate.Before(p.ValidFrom) || c.ClosureDate.After(p.ValidTo) {
		return nil, ErrInvalid
	}
	contract, err := s.contracts.Get(ctx, s.db, *p.ContractID)
	if err != nil {
		return nil, err
	}

	claim := &model.RefundClaim{
		ID:          s.newID(),
		PassID:      p.ID,
		ClosureID:   c.ID,
		AmountCents: contract.TotalCents / seasonDays(p) * int64(c.RefundPct) / 100,
		Reason:      in.Reason,
		Status:      model.RefundPending,
	}
	if _, err := withTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) (*model.RefundClaim, error) {
		return claim, s.claims.Insert(ctx, tx, claim)
	}); err != nil {
		return nil, err
	}

	t, err := tasks.New(tasks.TypeIssueRefund, tasks.IssueRefund{Source: tasks.RefundSourceClaim, ID: claim.ID})
	if err != nil {
		return nil, err
	}
	if err := tasks.Enqueue(ctx, s.queue, t,
		tasks.Options(tasks.TypeIssueRefund, tasks.ID("refund", "claim", claim.ID))...); err != nil {
		return nil, err
	}
	return claim, nil
}

// RefundService pays out refunds queued by closures, claims and cancellations.
type RefundService interface {
	Issue(ctx context.Context, source, id string) error
}

type refundService struct {
	db       *bun.DB
	payments Payments
	weather  store.WeatherRefunds
	claims   store.Claims
	orders   store.Orders
	passes   store.Passes
}

func NewRefundService(db *bun.DB, payments Payments, weather store.WeatherRefunds, claims store.Claims,
	orders store.Orders, passes store.Passes) *refundService {
	return &refundService{db: db, payments: payments, weather: weather, claims: claims, orders: orders, passes: passes}
}

func (s *refundService) Issue(ctx context.Context, source, id string) error {
	switch source {
	case tasks.RefundSourceWeather:
		return s.issueWeather(ctx, id)
	case tasks.RefundSourceClaim:
		return s.issueClaim(ctx, id)
	case tasks.RefundSourceOrder:
		return s.issueOrder(ctx, id)
	default:
		return fmt.Errorf("unknown refund source %q: %w", source, ErrInvalid)
	}
}

func (s *refundService) issueWeather(ctx context.Context, id string) error {
	n, err := strconv.ParseInt(id, 10, 64)
	if err != nil {
		return ErrInvalid
	}
	r, err := s.weather.Get(ctx, s.db, n)
	if err != nil {
		return mapErr(err)
	}
	if r.Status == model.RefundDone || r.AmountCents == 0 {
		return nil
	}
	ref, err := s.payments.Refund(ctx, stripepay.RefundInput{
		PaymentIntentID: r.PaymentIntentID,
		AmountCents:     r.AmountCents,
		Reason:          "requested_by_customer",
	}, stripepay.WithIdempotencyKey("weather-refund-"+id))
	if err != nil {
		return err
	}
	return s.weather.MarkRefunded(ctx, s.db, r.ID, ref.ID)
}

func (s *refundService) issueClaim(ctx context.Context, id string) error {
	c, err := s.claims.Get(ctx, s.db, id)
	if err != nil {
		return mapErr(err)
	}
	if c.Status == model.RefundDone {
		return nil
	}
	p, err := s.passes.Get(ctx, s.db, c.PassID)
	if err != nil {
		return err
	}
	inst, err := store.LatestPaid(ctx, s.db, *p.ContractID)
	if err != nil {
		return fmt.Errorf("claim %s: no paid instalment to refund against: %w", id, err)
	}
	ref, err := s.payments.Refund(ctx, stripepay.RefundInput{
		PaymentIntentID: *inst.PaymentIntentID,
		AmountCents:     c.AmountCents,
		Reason:          "requested_by_customer",
	}, stripepay.WithIdempotencyKey("claim-refund-"+c.ID))
	if err != nil {
		return err
	}
	return s.claims.MarkRefunded(ctx, s.db, c.ID, ref.ID)
}

func (s *refundService) issueOrder(ctx context.Context, orderID string) error {
	r, err := s.orders.GetRefund(ctx, s.db, orderID)
	if err != nil {
		return mapErr(err)
	}
	if r.Status == model.RefundDone {
		return nil
	}
	o, err := s.orders.Get(ctx, s.db, orderID)
	if err != nil {
		return err
	}
	ref, err := s.payments.Refund(ctx, stripepay.RefundInput{
		PaymentIntentID: *o.PaymentIntentID,
		AmountCents:     r.AmountCents,
		Reason:          "requested_by_customer",
	}, stripepay.WithIdempotencyKey("order-refund-"+o.ID))
	if err != nil {
		return err
	}
	return s.orders.MarkRefunded(ctx, s.db, o.ID, ref.ID)
}
