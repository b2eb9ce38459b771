package policies

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"
	"github.com/rs/xid"
	"github.com/uptrace/bun"

	"github.com/skyguard-travel/policyhub/internal/models"
	"github.com/skyguard-travel/policyhub/internal/platform/repository"
	"github.com/skyguard-travel/policyhub/internal/providers/docvault"
	"github.com/skyguard-travel/policyhub/internal/providers/mailer"
	"github.com/skyguard-travel/policyhub/internal/tasks"
)

// Deliverer renders the policy certificate, stores it and emails the
// traveller a link.
type Deliverer interface {
	HandleDeliver(ctx context.Context, t *asynq.Task) error
}

// CertificateRenderer turns a policy into a certificate document.
type CertificateRenderer func(p *models.Policy) ([]byte, error)

type deliverer struct {
	db       bun.IDB
	policies *repository.Repository[models.Policy]
	store    docvault.Store
	mail     mailer.Sender
	render   CertificateRenderer
	linkTTL  time.Duration
	log      *slog.Logger
}

// NewDeliverer returns the policy:deliver handler.
func NewDeliverer(db bun.IDB, store docvault.Store, mail mailer.Sender, log *slog.Logger) Deliverer {
	return &deliverer{
		db:       db,
		policies: repository.New[models.Policy](db),
		store:    store,
		mail:     mail,
		render:   PlainCertificate,
		linkTTL:  30 * 24 * time.Hour,
		log:      log,
	}
}

func certificateKey(p *models.Policy) string {
	return fmt.Sprintf("policies/%s/certificate.pdf", p.ID)
}

func (d *deliverer) HandleDeliver(ctx context.Context, t *asynq.Task) error {
	payload, err := tasks.Decode[tasks.PolicyPayload](t)
	if err != nil {
		return err
	}
	pol, err := d.policies.Get(ctx, payload.PolicyID)
	if err != nil {
		return err
	}
	if pol.DeliveredAt != nil || pol.Status != models.PolicyActive {
		return nil
	}

	doc, err := d.render(pol)
	if err != nil {
		return fmt.Errorf("render certificate: %w", err)
	}
	key := certificateKey(pol)
	if err := d.store.Put(ctx, key, "application/pdf", doc); err != nil {
		return err
	}
	link, err := d.store.SignedURL(ctx, key, d.linkTTL)
	if err != nil {
		return err
	}

	msgID, err := d.mail.Send(ctx, mailer.Email{
		To:       pol.TravellerEmail,
		Subject:  "Your travel insurance policy " + pol.PolicyNumber,
		Template: "policy-issued",
		Variables: map[string]string{
			"name":          pol.TravellerName,
			"policy_number": pol.PolicyNumber,
			"trip_start":    pol.TripStart.Format("2 Jan 2006"),
			"trip_end":      pol.TripEnd.Format("2 Jan 2006"),
			"certificate":   link,
		},
		IdempotencyKey: xid.New().String(),
	})
	if err != nil {
		return err
	}

	now := time.Now().UTC()
	_, err = d.db.NewUpdate().Model((*models.Policy)(nil)).
		Set("certificate_key = ?", key).
		Set("delivered_at = ?", now).
		Set("updated_at = ?", now).
		Where("id = ?", pol.ID).
		Exec(ctx)
	if err != nil {
		return fmt.Errorf("mark delivered: %w", err)
	}
	d.log.InfoContext(ctx, "policy delivered", "policy", pol.PolicyNumber, "message_id", msgID)
	return nil
}

// PlainCertificate renders a minimal single-page certificate. The layout
// team's renderer replaces this in production builds.
func PlainCertificate(p *models.Policy) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("%PDF-1.4\n% SkyGuard Travel Insurance certificate\n")
	fmt.Fprintf(&b, "%% Policy %s\n%% Insured %s\n%% Cover %s to %s\n%% Premium %d %s\n",
		p.PolicyNumber, p.TravellerName,
		p.TripStart.Format("2006-01-02"), p.TripEnd.Format("2006-01-02"),
		p.PremiumMinor, p.Currency)
	if p.DelayCover {
		fmt.Fprintf(&b, "%% Flight delay cover on %s\n", p.FlightID)
	}
	b.WriteString("%%EOF\n")
	return b.Bytes(), nil
}
