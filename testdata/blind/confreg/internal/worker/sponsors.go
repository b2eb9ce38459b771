package worker

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/google/uuid"
	"github.com/oklog/ulid/v2"

	"github.com/halcyonevents/confreg/internal/domain"
	"github.com/halcyonevents/confreg/internal/events"
	"github.com/halcyonevents/confreg/internal/providers/cardpay"
	"github.com/halcyonevents/confreg/internal/providers/mailer"
	"github.com/halcyonevents/confreg/internal/providers/printshop"
	"github.com/halcyonevents/confreg/internal/store"
)

// SponsorStore is the sponsorship persistence the handlers use.
type SponsorStore interface {
	Sponsor(ctx context.Context, id uuid.UUID) (*domain.Sponsor, error)
	Sponsorship(ctx context.Context, id uuid.UUID) (*domain.Sponsorship, error)
	PackageByID(ctx context.Context, id uuid.UUID) (*domain.SponsorPackage, error)
	ScheduleInstalments(ctx context.Context, plan []domain.Instalment) error
	Instalments(ctx context.Context, sponsorshipID uuid.UUID) ([]domain.Instalment, error)
	Instalment(ctx context.Context, id uuid.UUID) (*domain.Instalment, error)
	SetSignageJob(ctx context.Context, id uuid.UUID, jobID string, at time.Time) error
	MarkCharging(ctx context.Context, id uuid.UUID, chargeID string, at time.Time) error
	MarkInstalmentFailed(ctx context.Context, id uuid.UUID, at time.Time) error
}

// InstalmentScheduler builds a new sponsorship's instalment plan and mails
// the schedule to the sponsor's billing contact.
type InstalmentScheduler struct {
	sponsors SponsorStore
	send     func(ctx context.Context, m mailer.Message) error
	now      func() time.Time
	spacing  time.Duration
	firstDue time.Duration
}

// NewInstalmentScheduler returns an InstalmentScheduler.
func NewInstalmentScheduler(sponsors SponsorStore, send func(context.Context, mailer.Message) error) *InstalmentScheduler {
	return &InstalmentScheduler{
		sponsors: sponsors,
		send:     send,
		now:      time.Now,
		spacing:  30 * 24 * time.Hour,
		firstDue: 14 * 24 * time.Hour,
	}
}

// Handle processes sponsorship.created.
func (h *InstalmentScheduler) Handle(msg *message.Message) error {
	ev, err := events.Decode[events.SponsorshipCreated](msg)
	if err != nil {
		return err
	}
	ctx := msg.Context()

	sp, err := h.sponsors.Sponsorship(ctx, ev.SponsorshipID)
	if err != nil {
		return err
	}
	pkg, err := h.sponsors.PackageByID(ctx, sp.PackageID)
	if err != nil {
		return err
	}
	sponsor, err := h.sponsors.Sponsor(ctx, sp.SponsorID)
	if err != nil {
		return err
	}

	if err := h.sponsors.ScheduleInstalments(ctx, h.plan(sp, pkg.Instalments)); err != nil {
		return fmt.Errorf("schedule instalments for %s: %w", sp.ID, err)
	}
	stored, err := h.sponsors.Instalments(ctx, sp.ID)
	if err != nil {
		return err
	}

	lines := make([]map[string]any, 0, len(stored))
	for _, in := range stored {
		lines = append(lines, map[string]any{
			"invoice": in.InvoiceNumber,
			"due_on":  in.DueOn.Format(time.DateOnly),
			"amount":  in.AmountCents,
		})
	}
	return h.send(ctx, mailer.Message{
		ID:       mailer.MessageID("schedule." + msg.UUID),
		To:       sponsor.BillingEmail,
		Subject:  "Your sponsorship invoice schedule: " + pkg.Name,
		Template: "sponsor-invoice-schedule",
		Vars: map[string]any{
			"sponsor":  sponsor.Name,
			"package":  pkg.Name,
			"currency": sp.Currency,
			"lines":    lines,
		},
	})
}

// plan splits the total into n instalments; the last one takes the
// remainder.
func (h *InstalmentScheduler) plan(sp *domain.Sponsorship, n int) []domain.Instalment {
	if n < 1 {
		n = 1
	}
	base := sp.TotalCents / int64(n)
	start := sp.CreatedAt.Add(h.firstDue)
	plan := make([]domain.Instalment, 0, n)
	for i := 1; i <= n; i++ {
		amount := base
		if i == n {
			amount = sp.TotalCents - base*int64(n-1)
		}
		plan = append(plan, domain.Instalment{
			ID:            uuid.New(),
			SponsorshipID: sp.ID,
			Seq:           i,
			DueOn:         start.Add(time.Duration(i-1) * h.spacing).Truncate(24 * time.Hour),
			AmountCents:   amount,
			Status:        domain.InstalmentScheduled,
			InvoiceNumber: fmt.Sprintf("SP-%s-%02d", sp.ID.String()[:8], i),
			UpdatedAt:     h.now().UTC(),
		})
	}
	return plan
}

// SignageOrderer orders the sponsor's roll-up banner from the print shop.
type SignageOrderer struct {
	sponsors SponsorStore
	confs    ConferenceReader
	printer  JobSubmitter
	now      func() time.Time
}

// NewSignageOrderer returns a SignageOrderer.
func NewSignageOrderer(sponsors SponsorStore, confs ConferenceReader, printer JobSubmitter) *SignageOrderer {
	return &SignageOrderer{sponsors: sponsors, confs: confs, printer: printer, now: time.Now}
}

// Handle processes sponsorship.created.
func (h *SignageOrderer) Handle(msg *message.Message) error {
	ev, err := events.Decode[events.SponsorshipCreated](msg)
	if err != nil {
		return err
	}
	ctx := msg.Context()

	sp, err := h.sponsors.Sponsorship(ctx, ev.SponsorshipID)
	if err != nil {
		return err
	}
	if sp.SignageJobID != nil {
		return nil
	}
	pkg, err := h.sponsors.PackageByID(ctx, sp.PackageID)
	if err != nil {
		return err
	}
	if pkg.SignageSKU == "" {
		return nil
	}
	sponsor, err := h.sponsors.Sponsor(ctx, sp.SponsorID)
	if err != nil {
		return err
	}
	conf, err := h.confs.Get(ctx, sp.ConferenceID)
	if err != nil {
		return err
	}

	job, err := h.printer.SubmitJob(ctx, printshop.JobRequest{
		ClientReference: ulid.Make().String(),
		Product:         pkg.SignageSKU,
		Quantity:        1,
		Artwork: printshop.Artwork{
			Template: "sponsor-rollup",
			Fields:   map[string]string{"sponsor": sponsor.Name, "tier": pkg.Name, "event": conf.Name},
		},
		ShipTo: venueAddress(conf),
	})
	if err != nil {
		return fmt.Errorf("order signage for %s: %w", sp.ID, err)
	}
	return h.sponsors.SetSignageJob(ctx, sp.ID, job.ID, h.now().UTC())
}

func venueAddress(c *domain.Conference) *printshop.Address {
	get := func(k string) string {
		v, _ := c.VenueAddress[k].(string)
		return v
	}
	if get("line1") == "" {
		return nil
	}
	return &printshop.Address{
		Name:       get("name"),
		Line1:      get("line1"),
		Line2:      get("line2"),
		City:       get("city"),
		PostalCode: get("postal_code"),
		Country:    get("country"),
	}
}

// Charger creates card charges.
type Charger interface {
	CreateCharge(ctx context.Context, req cardpay.ChargeRequest) (*cardpay.Charge, error)
}

// InstalmentCharger charges a due instalment to the sponsor's card on file.
// The charge settles asynchronously and comes back through the webhook as
// payment.captured.
type InstalmentCharger struct {
	sponsors SponsorStore
	cards    Charger
	log      *slog.Logger
	now      func() time.Time
}

// NewInstalmentCharger returns an InstalmentCharger.
func NewInstalmentCharger(sponsors SponsorStore, cards Charger, log *slog.Logger) *InstalmentCharger {
	return &InstalmentCharger{sponsors: sponsors, cards: cards, log: log, now: time.Now}
}

// Handle processes sponsor.instalment_due.
func (h *InstalmentCharger) Handle(msg *message.Message) error {
	ev, err := events.Decode[events.InstalmentDue](msg)
	if err != nil {
		return err
	}
	ctx := msg.Context()

	inst, err := h.sponsors.Instalment(ctx, ev.InstalmentID)
	if err != nil {
		return err
	}
	if inst.Status != domain.InstalmentBilling {
		return nil
	}
	sp, err := h.sponsors.Sponsorship(ctx, inst.SponsorshipID)
	if err != nil {
		return err
	}
	sponsor, err := h.sponsors.Sponsor(ctx, sp.SponsorID)
	if err != nil {
		return err
	}
	if sponsor.CardCustomerID == nil {
		// Invoice-only sponsors pay by bank transfer; finance records it.
		h.log.InfoContext(ctx, "instalment due, no card on file", "instalment", inst.InvoiceNumber)
		return nil
	}

	charge, err := h.cards.CreateCharge(ctx, cardpay.ChargeRequest{
		IdempotencyKey: uuid.NewString(),
		AmountCents:    inst.Outstanding(),
		Currency:       sp.Currency,
		CustomerID:     *sponsor.CardCustomerID,
		Capture:        "async",
		Description:    "Sponsorship instalment " + inst.InvoiceNumber,
		Metadata: map[string]string{
			"instalment_id": inst.ID.String(),
			"invoice":       inst.InvoiceNumber,
		},
	})
	if err != nil {
		return fmt.Errorf("charge instalment %s: %w", inst.InvoiceNumber, err)
	}

	now := h.now().UTC()
	if charge.Status == cardpay.StatusDeclined {
		h.log.WarnContext(ctx, "instalment charge declined", "instalment", inst.InvoiceNumber, "code", charge.DeclineCode)
		return h.sponsors.MarkInstalmentFailed(ctx, inst.ID, now)
	}
	return h.sponsors.MarkCharging(ctx, inst.ID, charge.ID, now)
}

// Inbox records handled messages per consumer.
type Inbox interface {
	Seen(ctx context.Context, consumer, messageID string) (bool, error)
	MarkSeen(ctx context.Context, entry *domain.InboxEntry) error
}

// CapturedPaymentApplier books settled card charges against instalments.
type CapturedPaymentApplier struct {
	inbox    Inbox
	tx       Transactor
	consumer string
	now      func() time.Time
}

// NewCapturedPaymentApplier returns a CapturedPaymentApplier.
func NewCapturedPaymentApplier(inbox Inbox, tx Transactor) *CapturedPaymentApplier {
	return &CapturedPaymentApplier{inbox: inbox, tx: tx, consumer: "instalment-payments", now: time.Now}
}

// Handle processes payment.captured.
func (h *CapturedPaymentApplier) Handle(msg *message.Message) error {
	ev, err := events.Decode[events.PaymentCaptured](msg)
	if err != nil {
		return err
	}
	ctx := msg.Context()

	seen, err := h.inbox.Seen(ctx, h.consumer, msg.UUID)
	if err != nil {
		return err
	}
	if seen {
		return nil
	}

	now := h.now().UTC()
	err = h.tx.Do(ctx, func(r *store.Repos) error {
		inst, err := r.Sponsors.LockInstalment(ctx, ev.InstalmentID)
		if err != nil {
			return err
		}
		if err := r.Sponsors.InsertPayment(ctx, &domain.SponsorPayment{
			ID:           uuid.New(),
			InstalmentID: inst.ID,
			Method:       "card",
			AmountCents:  ev.AmountCents,
			Reference:    ev.ChargeID,
			ReceivedOn:   ev.CapturedAt,
			RecordedBy:   "cardpay",
			CreatedAt:    now,
		}); err != nil {
			return err
		}
		return r.Sponsors.ApplyPayment(ctx, inst.ID, ev.AmountCents, now)
	})
	if err != nil {
		return fmt.Errorf("apply capture %s: %w", ev.ChargeID, err)
	}

	return h.inbox.MarkSeen(ctx, &domain.InboxEntry{
		Consumer:    h.consumer,
		MessageID:   msg.UUID,
		ProcessedAt: now,
	})
}
