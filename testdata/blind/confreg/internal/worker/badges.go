package worker

import (
	"context"
	"crypto/rand"
	"encoding/base32"
	"fmt"
	"time"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/google/uuid"

	"github.com/halcyonevents/confreg/internal/badges"
	"github.com/halcyonevents/confreg/internal/domain"
	"github.com/halcyonevents/confreg/internal/events"
	"github.com/halcyonevents/confreg/internal/providers/printshop"
)

// BadgeWriter persists badges.
type BadgeWriter interface {
	Create(ctx context.Context, b *domain.Badge) error
	MarkSubmitted(ctx context.Context, id uuid.UUID, jobID string, at time.Time) error
}

// JobSubmitter submits print jobs.
type JobSubmitter interface {
	SubmitJob(ctx context.Context, req printshop.JobRequest) (*printshop.Job, error)
}

// BadgeIssuer creates an attendee's badge and sends it to the print shop
// once the registration is confirmed.
type BadgeIssuer struct {
	regs    RegistrationReader
	badges  BadgeWriter
	printer JobSubmitter
	token   func() string
	now     func() time.Time
}

// NewBadgeIssuer returns a BadgeIssuer.
func NewBadgeIssuer(regs RegistrationReader, bw BadgeWriter, printer JobSubmitter) *BadgeIssuer {
	return &BadgeIssuer{regs: regs, badges: bw, printer: printer, token: qrToken, now: time.Now}
}

// Handle processes registration.confirmed.
func (h *BadgeIssuer) Handle(msg *message.Message) error {
	ev, err := events.Decode[events.RegistrationConfirmed](msg)
	if err != nil {
		return err
	}
	ctx := msg.Context()

	reg, err := h.regs.Get(ctx, ev.RegistrationID)
	if err != nil {
		return err
	}
	if reg.Status != domain.RegistrationConfirmed {
		return nil
	}

	now := h.now().UTC()
	badge := &domain.Badge{
		ID:             uuid.New(),
		RegistrationID: reg.ID,
		PrintName:      reg.FullName,
		PrintCompany:   reg.Company,
		QRToken:        h.token(),
		Status:         domain.BadgePending,
		CreatedAt:      now,
		UpdatedAt:      now,
	}
	if err := h.badges.Create(ctx, badge); err != nil {
		return fmt.Errorf("create badge for %s: %w", reg.ID, err)
	}

	job, err := h.printer.SubmitJob(ctx, printshop.JobRequest{
		ClientReference: "badge-" + reg.ID.String(),
		Product:         "badge-pvc-cr80",
		Quantity:        1,
		Artwork:         badges.Artwork(badge),
	})
	if err != nil {
		return fmt.Errorf("submit badge job for %s: %w", reg.ID, err)
	}
	return h.badges.MarkSubmitted(ctx, badge.ID, job.ID, h.now().UTC())
}

var tokenEncoding = base32.StdEncoding.WithPadding(base32.NoPadding)

func qrToken() string {
	b := make([]byte, 15)
	_, _ = rand.Read(b)
	return tokenEncoding.EncodeToString(b)
}
