package pgrepo

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"github.com/stenoline-legal/depobook/internal/domain"
)

type Transcripts struct{ base }

func NewTranscripts(db *bun.DB) *Transcripts { return &Transcripts{base{db}} }

func (r *Transcripts) Get(ctx context.Context, id string) (*domain.Transcript, error) {
	t := new(domain.Transcript)
	err := r.conn(ctx).NewSelect().Model(t).Where("id = ?", id).Scan(ctx)
	return t, notFound(err)
}

func (r *Transcripts) GetByBooking(ctx context.Context, bookingID string) (*domain.Transcript, error) {
	t := new(domain.Transcript)
	err := r.conn(ctx).NewSelect().Model(t).Where("booking_id = ?", bookingID).Scan(ctx)
	return t, notFound(err)
}

func (r *Transcripts) MarkSubmitted(ctx context.Context, id string, pages int, fileKey string, at time.Time) (*domain.Transcript, error) {
	t := new(domain.Transcript)
	res, err := r.conn(ctx).NewUpdate().Model(t).
		Set("status = ?", domain.TranscriptSubmitted).
		Set("pages = ?", pages).
		Set("file_key = ?", fileKey).
		Set("submitted_at = ?", at).
		Where("id = ?", id).
		Where("status = ?", domain.TranscriptInProgress).
		Returning("*").
		Exec(ctx)
	if err != nil {
		return nil, err
	}
	if ok, err := affected(res); err != nil {
		return nil, err
	} else if !ok {
		return nil, domain.ErrConflict
	}
	return t, nil
}

func (r *Transcripts) MarkDelivering(ctx context.Context, id string, version int) error {
	_, err := r.conn(ctx).NewUpdate().Model((*domain.Transcript)(nil)).
		Set("status = ?", domain.TranscriptDelivering).
		Where("id = ?", id).
		Where("version = ?", version).
		Exec(ctx)
	return err
}

// RecordDelivery upserts on (transcript_id, version) so a repeated task
// refreshes the row instead of failing.
func (r *Transcripts) RecordDelivery(ctx context.Context, d *domain.TranscriptDelivery) error {
	_, err := r.conn(ctx).NewInsert().Model(d).
		On("CONFLICT (transcript_id, version) DO UPDATE").
		Set("portal_delivery_id = EXCLUDED.portal_delivery_id").
		Set("attempts = transcript_deliveries.attempts + 1").
		Set("delivered_at = EXCLUDED.delivered_at").
		Exec(ctx)
	return err
}

func (r *Transcripts) MarkDelivered(ctx context.Context, id string, version int, at time.Time) error {
	_, err := r.conn(ctx).NewUpdate().Model((*domain.Transcript)(nil)).
		Set("status = ?", domain.TranscriptDelivered).
		Set("delivered_at = ?", at).
		Where("id = ?", id).
		Where("version = ?", version).
		Exec(ctx)
	return err
}

func (r *Transcripts) MarkDeliveryFailed(ctx context.Context, id string, version int) (bool, error) {
	res, err := r.conn(ctx).NewUpdate().Model((*domain.Transcript)(nil)).
		Set("status = ?", domain.TranscriptFailed).
		Where("id = ?", id).
		Where("version = ?", version).
		Where("status IN (?)", bun.In([]domain.TranscriptStatus{domain.TranscriptDelivering, domain.TranscriptDelivered})).
		Exec(ctx)
	if err != nil {
		return false, err
	}
	return affected(res)
}

func (r *Transcripts) InsertReceipt(ctx context.Context, rec *domain.DeliveryReceipt) error {
	_, err := r.conn(ctx).NewInsert().Model(rec).Exec(ctx)
	return err
}

func (r *Transcripts) RecordShares(ctx context.Context, shares []domain.PortalShare) error {
	if len(shares) == 0 {
		return nil
	}
	_, err := r.conn(ctx).NewInsert().Model(&shares).
		On("CONFLICT (matter_id, attorney_email) DO UPDATE").
		Set("share_id = EXCLUDED.share_id").
		Exec(ctx)
	return err
}
