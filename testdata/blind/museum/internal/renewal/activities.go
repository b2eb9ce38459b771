package renewal

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"github.com/google/uuid"
	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/temporal"

	"github.com/northgate-museums/visitor-platform/internal/models"
	"github.com/northgate-museums/visitor-platform/internal/notify"
	"github.com/northgate-museums/visitor-platform/internal/platform/database"
	"github.com/northgate-museums/visitor-platform/internal/providers/fulfilment"
	"github.com/northgate-museums/visitor-platform/internal/providers/payments"
	"github.com/northgate-museums/visitor-platform/internal/providers/rest"
	"github.com/northgate-museums/visitor-platform/internal/store"
)

type RecurringCharger interface {
	Authorise(ctx context.Context, req payments.PaymentRequest, opts ...payments.CallOption) (*payments.PaymentResponse, error)
}

type CardPrinter interface {
	PrintCard(ctx context.Context, req fulfilment.CardPrintRequest) (*fulfilment.PrintJob, error)
}

type Notifier interface {
	Notify(ctx context.Context, template, to string, data map[string]any, opts ...notify.Option) (string, error)
}

// Activities are registered on the renewal worker. Temporal retries each
// activity according to the workflow's retry policy.
type Activities struct {
	tx          *database.TxManager
	memberships *store.MembershipRepo
	renewals    *store.RenewalRepo
	cards       *store.CardRepo
	psp         RecurringCharger
	printer     CardPrinter
	notifier    Notifier
}

func NewActivities(tx *database.TxManager, memberships *store.MembershipRepo, renewals *store.RenewalRepo, cards *store.CardRepo,
	psp RecurringCharger, printer CardPrinter, notifier Notifier) *Activities {
	return &Activities{tx: tx, memberships: memberships, renewals: renewals, cards: cards, psp: psp, printer: printer, notifier: notifier}
}

func (a *Activities) membership(ctx context.Context, id string) (*models.Membership, error) {
	mid, err := uuid.Parse(id)
	if err != nil {
		return nil, temporal.NewNonRetryableApplicationError("bad membership id", "InvalidInput", err)
	}
	return a.memberships.Get(ctx, mid)
}

// ChargeRenewal charges the member's stored card for the next year.
func (a *Activities) ChargeRenewal(ctx context.Context, in ChargeInput) (*ChargeResult, error) {
	m, err := a.membership(ctx, in.MembershipID)
	if err != nil {
		return nil, err
	}
	if done, err := a.renewals.Get(ctx, m.ID, in.Period); err != nil {
		return nil, err
	} else if done != nil {
		return &ChargeResult{Authorised: true, PSPReference: done.PSPReference, AmountMinor: done.AmountMinor, Currency: done.Currency}, nil
	}
	if m.RecurringToken == nil {
		return &ChargeResult{Refusal: "no stored payment method"}, nil
	}

	info := activity.GetInfo(ctx)
	opKey := fmt.Sprintf("%s/period-%d", info.WorkflowExecution.ID, in.Period)
	method, _ := json.Marshal(map[string]string{"type": "scheme", "storedPaymentMethodId": *m.RecurringToken})
	amount := m.Tier.AnnualPriceMinor()

	resp, err := a.psp.Authorise(ctx, payments.PaymentRequest{
		Amount:                   payments.Amount{Value: amount, Currency: "GBP"},
		Reference:                opKey,
		PaymentMethod:            method,
		ShopperReference:         m.ShopperRef,
		ShopperEmail:             m.Email,
		ShopperInteraction:       "ContAuth",
		RecurringProcessingModel: "Subscription",
	}, payments.IdempotencyKey(opKey))
	if err != nil {
		var se *rest.StatusError
		if errors.As(err, &se) && !se.Temporary() {
			return nil, temporal.NewNonRetryableApplicationError("renewal charge rejected", "PaymentRejected", err)
		}
		return nil, err
	}
	if !resp.Authorised() {
		return &ChargeResult{Refusal: resp.RefusalReason}, nil
	}
	return &ChargeResult{Authorised: true, PSPReference: resp.PSPReference, AmountMinor: amount, Currency: "GBP"}, nil
}

// ExtendMembership records the renewal and moves the expiry date to the end
// of the renewed period.
func (a *Activities) ExtendMembership(ctx context.Context, in ExtendInput) (*ExtendResult, error) {
	m, err := a.membership(ctx, in.MembershipID)
	if err != nil {
		return nil, err
	}
	expires := m.PeriodEnd(in.Period)
	err = a.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := a.renewals.Record(ctx, &models.MembershipRenewal{
			MembershipID: m.ID,
			Period:       in.Period,
			AmountMinor:  in.AmountMinor,
			Currency:     in.Currency,
			PSPReference: in.PSPReference,
		}); err != nil {
			return err
		}
		return a.memberships.ExtendTo(ctx, m.ID, in.Period, expires)
	})
	if err != nil {
		return nil, err
	}
	return &ExtendResult{ExpiresAt: expires}, nil
}

// IssueMembershipCard sends the new card to print and post.
func (a *Activities) IssueMembershipCard(ctx context.Context, in CardInput) error {
	m, err := a.membership(ctx, in.MembershipID)
	if err != nil {
		return err
	}
	issued, err := a.cards.Exists(ctx, m.ID, in.Period)
	if err != nil || issued {
		return err
	}
	job, err := a.printer.PrintCard(ctx, fulfilment.CardPrintRequest{
		Template:     "member-card-" + string(m.Tier),
		MemberName:   m.FullName,
		MemberNumber: strconv.FormatInt(m.MemberNumber, 10),
		Tier:         string(m.Tier),
		ValidUntil:   m.PeriodEnd(in.Period).Format("01/06"),
		Recipient: fulfilment.Address{
			Name:     m.FullName,
			Line1:    m.AddressLine1,
			City:     m.AddressCity,
			Postcode: m.AddressPostcode,
			Country:  m.AddressCountry,
		},
	})
	if err != nil {
		return err
	}
	activity.RecordHeartbeat(ctx, job.ID)
	return a.cards.Record(ctx, &models.MembershipCard{MembershipID: m.ID, Period: in.Period, PrintJobID: job.ID})
}

// SendRenewalReminder tells the member their card will be charged.
func (a *Activities) SendRenewalReminder(ctx context.Context, in ReminderInput) error {
	m, err := a.membership(ctx, in.MembershipID)
	if err != nil {
		return err
	}
	if m.Status != models.MembershipActive || !m.AutoRenew {
		return nil
	}
	amount := m.Tier.AnnualPriceMinor()
	_, err = a.notifier.Notify(ctx, notify.TemplateRenewalReminder, m.Email, map[string]any{
		"name":      m.FullName,
		"tier":      m.Tier,
		"renews_on": in.RenewsOn.Format("2 January 2006"),
		"amount":    fmt.Sprintf("£%d.%02d", amount/100, amount%100),
		"manage":    "https://www.northgatemuseums.org.uk/account/membership",
	}, notify.Key(fmt.Sprintf("renewal-reminder:%s:%d", m.ID, in.Period)), notify.Tag("membership"))
	return err
}
