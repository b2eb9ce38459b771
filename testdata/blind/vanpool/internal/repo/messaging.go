package repo

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/pooltrack/vanpool/internal/domain"
	"github.com/pooltrack/vanpool/internal/platform/db"
)

// Messaging persists reminder deliveries and broadcasts.
type Messaging struct{}

// NewMessaging returns a Messaging repository.
func NewMessaging() *Messaging { return &Messaging{} }

// ClaimDelivery records that a reminder job is about to text a member.
// claimed=false means this job already handled the member.
func (r *Messaging) ClaimDelivery(ctx context.Context, q db.Querier, jobID int64, memberID, vanpoolID uuid.UUID, rideDate time.Time) (bool, error) {
	tag, err := q.Exec(ctx, `
		INSERT INTO reminder_deliveries (job_id, member_id, vanpool_id, ride_date)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT (job_id, member_id) DO NOTHING`, jobID, memberID, vanpoolID, rideDate)
	if err != nil {
		return false, fmt.Errorf("messaging: claim delivery: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}

// FinishDelivery records the gateway's answer for a delivery.
func (r *Messaging) FinishDelivery(ctx context.Context, q db.Querier, jobID int64, memberID uuid.UUID, status, providerID string) error {
	_, err := q.Exec(ctx, `
		UPDATE reminder_deliveries SET status = $3, provider_message_id = nullif($4, '')
		WHERE job_id = $1 AND member_id = $2`, jobID, memberID, status, providerID)
	if err != nil {
		return fmt.Errorf("messaging: finish delivery: %w", err)
	}
	return nil
}

// InsertBroadcast records a coordinator broadcast.
func (r *Messaging) InsertBroadcast(ctx context.Context, q db.Querier, b domain.Broadcast) error {
	_, err := q.Exec(ctx, `
		INSERT INTO broadcasts (id, vanpool_id, sent_by, body, recipients, failed)
		VALUES ($1, $2, $3, $4, $5, $6)`, b.ID, b.VanpoolID, b.SentBy, b.Body, b.Recipients, b.Failed)
	if err != nil {
		return fmt.Errorf("messaging: insert broadcast: %w", err)
	}
	return nil
}
