package service

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"github.com/summitline/skipass/internal/config"
	"github.com/summitline/skipass/internal/model"
	"github.com/summitline/skipass/internal/provider/invoicing"
	"github.com/summitline/skipass/internal/provider/mailer"
	"github.com/summitline/skipass/internal/provider/stripepay"
	"github.com/summitline/skipass/internal/store"
)

// Per-head, per-day rates for group bookings.
const (
	schoolDayRateCents = 2400
	groupDayRateCents  = 4200
	depositPct         = 30
)

type CreateGroupInput struct {
	Kind         string
	Organisation string
	ContactEmail string
	VisitDate    time.Time
	EndDate      time.Time
	Headcount    int
	Billing      string
}

type DepositResult struct {
	PaymentIntentID string
	ClientSecret    string
	AmountCents     int64
}

// GroupService handles school and group bookings, which are invoiced.
type GroupService interface {
	Create(ctx context.Context, in CreateGroupInput) (*model.GroupBooking, error)
	Get(ctx context.Context, id string) (*model.GroupBooking, error)
	IssueInvoice(ctx context.Context, bookingID string) (*model.GroupBooking, error)
	PayDeposit(ctx context.Context, bookingID string) (*DepositResult, error)
}

type groupService struct {
	db       *bun.DB
	groups   store.Groups
	invoicer Invoicer
	payments Payments
	mail     Mailer
	currency string
}

func NewGroupService(cfg config.Config, db *bun.DB, groups store.Groups, invoicer Invoicer, payments Payments,
	mail Mailer) *groupService {
	return &groupService{db: db, groups: groups, invoicer: invoicer, payments: payments, mail: mail, currency: cfg.Currency}
}

func days(from, to time.Time) int {
	return int(to.Sub(from).Hours()/24) + 1
}

func groupRate(kind string) int64 {
	if kind == model.GroupKindSchool {
		return schoolDayRateCents
	}
	return groupDayRateCents
}

func (s *groupService) Create(ctx context.Context, in CreateGroupInput) (*model.GroupBooking, error) {
	if in.Kind != model.GroupKindSchool && in.Kind != model.GroupKindGroup {
		return nil, ErrInvalid
	}
	if in.Headcount < 10 || in.EndDate.Before(in.VisitDate) || !strings.Contains(in.ContactEmail, "@") {
		return nil, ErrInvalid
	}
	billing := in.Billing
	if billing == "" {
		billing = model.BillingSingle
	}
	if billing == model.BillingMonthly && in.Kind != model.GroupKindSchool {
		return nil, fmt.Errorf("monthly billing is for school programmes: %w", ErrInvalid)
	}

	b := &model.GroupBooking{
		ID:           uuid.NewString(),
		Kind:         in.Kind,
		Organisation: in.Organisation,
		ContactEmail: in.ContactEmail,
		VisitDate:    in.VisitDate,
		EndDate:      in.EndDate,
		Headcount:    in.Headcount,
		Billing:      billing,
		TotalCents:   groupRate(in.Kind) * int64(in.Headcount) * int64(days(in.VisitDate, in.EndDate)),
		Currency:     s.currency,
		Status:       model.GroupRequested,
	}
	if err := s.groups.Insert(ctx, s.db, b); err != nil {
		return nil, err
	}
	if err := s.mail.Send(ctx, mailer.Message{
		To:       b.ContactEmail,
		Template: "group-booking-received",
		Vars: map[string]string{
			"organisation": b.Organisation,
			"visit_date":   b.VisitDate.Format("2 January 2006"),
			"headcount":    fmt.Sprint(b.Headcount),
			"reference":    b.ID[:8],
		},
	}, "group-booking-"+b.ID); err != nil {
		return nil, err
	}
	return b, nil
}

func (s *groupService) Get(ctx context.Context, id string) (*model.GroupBooking, error) {
	b, err := s.groups.Get(ctx, s.db, id)
	return b, mapErr(err)
}

func (s *groupService) IssueInvoice(ctx context.Context, bookingID string) (*model.GroupBooking, error) {
	b, err := s.groups.Get(ctx, s.db, bookingID)
	if err != nil {
		return nil, mapErr(err)
	}
	if b.InvoiceID != nil {
		return b, nil
	}
	if b.Billing == model.BillingMonthly {
		return nil, fmt.Errorf("school programme is invoiced monthly: %w", ErrConflict)
	}
	issued, err := s.invoicer.CreateInvoice(ctx, invoicing.Invoice{
		CustomerName:  b.Organisation,
		CustomerEmail: b.ContactEmail,
		Reference:     "GB-" + b.ID[:8],
		Currency:      b.Currency,
		DueDate:       b.VisitDate.AddDate(0, 0, -14).Format(time.DateOnly),
		Lines: []invoicing.Line{{
			Description: fmt.Sprintf("Lift access, %d guests, %s to %s", b.Headcount,
				b.VisitDate.Format("2 Jan"), b.EndDate.Format("2 Jan 2006")),
			Quantity:  b.Headcount * days(b.VisitDate, b.EndDate),
			UnitCents: groupRate(b.Kind),
		}},
		SendEmail: true,
	}, invoicing.WithIdempotencyKey(uuid.NewString()))
	if err != nil {
		return nil, err
	}
	if err := s.groups.SetInvoice(ctx, s.db, b.ID, issued.ID); err != nil {
		return nil, err
	}
	return s.groups.Get(ctx, s.db, b.ID)
}

// PayDeposit opens a card payment for the non-refundable deposit.
func (s *groupService) PayDeposit(ctx context.Context, bookingID string) (*DepositResult, error) {
	b, err := s.groups.Get(ctx, s.db, bookingID)
	if err != nil {
		return nil, mapErr(err)
	}
	if b.Status == model.GroupCancelled {
		return nil, ErrConflict
	}
	amount := b.TotalCents * depositPct / 100
	if b.DepositPaymentIntentID != nil {
		pi, err := s.payments.GetPaymentIntent(ctx, *b.DepositPaymentIntentID)
		if err != nil {
			return nil, err
		}
		return &DepositResult{PaymentIntentID: pi.ID, ClientSecret: pi.ClientSecret, AmountCents: pi.Amount}, nil
	}
	pi, err := s.payments.CreatePaymentIntent(ctx, stripepay.PaymentIntentInput{
		AmountCents: amount,
		Currency:    b.Currency,
		Description: "Group deposit " + b.Organisation,
	},
		stripepay.WithIdempotencyKey("group-deposit-"+b.ID),
		stripepay.WithMetadata(map[string]string{"group_booking_id": b.ID}),
	)
	if err != nil {
		return nil, err
	}
	if err := s.groups.SetDeposit(ctx, s.db, b.ID, pi.ID); err != nil {
		return nil, err
	}
	return &DepositResult{PaymentIntentID: pi.ID, ClientSecret: pi.ClientSecret, AmountCents: amount}, nil
}
