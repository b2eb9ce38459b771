package store

import (
	"context"
	"time"

	"github.com/google/uuid"
)

// Driver message statuses.
const (
	MessagePending = "pending"
	MessageSent    = "sent"
)

// DriverMessage is an outbound SMS to a driver.
type DriverMessage struct {
	ID                string     `db:"id"`
	DriverID          uuid.UUID  `db:"driver_id"`
	RouteID           *string    `db:"route_id"`
	PickupID          *string    `db:"pickup_id"`
	Purpose           string     `db:"purpose"`
	Body              string     `db:"body"`
	Status            string     `db:"status"`
	ProviderMessageID *string    `db:"provider_message_id"`
	DeliveryStatus    *string    `db:"delivery_status"`
	SentAt            *time.Time `db:"sent_at"`
	CreatedAt         time.Time  `db:"created_at"`
}

// Messages stores outbound driver SMS.
type Messages interface {
	Insert(ctx context.Context, q Querier, m DriverMessage) (DriverMessage, error)
	InsertForStop(ctx context.Context, q Querier, m DriverMessage) (DriverMessage, bool, error)
	Get(ctx context.Context, q Querier, id string) (DriverMessage, error)
	MarkSent(ctx context.Context, q Querier, id, providerMessageID string, at time.Time) error
	UpdateDeliveryStatus(ctx context.Context, q Querier, providerMessageID, status string) (bool, error)
}

type messageRepo struct{}

// NewMessages returns the Postgres driver message repository.
func NewMessages() Messages { return messageRepo{} }

const messageCols = `id, driver_id, route_id, pickup_id, purpose, body, status, provider_message_id,
	delivery_status, sent_at, created_at`

func (messageRepo) Insert(ctx context.Context, q Querier, m DriverMessage) (DriverMessage, error) {
	return one[DriverMessage](q.Query(ctx, `
		INSERT INTO driver_messages (id, driver_id, route_id, pickup_id, purpose, body)
		VALUES ($1, $2, $3, $4, $5, $6)
		RETURNING `+messageCols,
		m.ID, m.DriverID, m.RouteID, m.PickupID, m.Purpose, m.Body))
}

func (messageRepo) InsertForStop(ctx context.Context, q Querier, m DriverMessage) (DriverMessage, bool, error) {
	created, err := one[DriverMessage](q.Query(ctx, `
		INSERT INTO driver_messages (id, driver_id, route_id, pickup_id, purpose, body)
		VALUES ($1, $2, $3, $4, $5, $6)
		ON CONFLICT (route_id, pickup_id, purpose)
		   WHERE route_id IS NOT NULL AND pickup_id IS NOT NULL
		   DO NOTHING
		RETURNING `+messageCols,
		m.ID, m.DriverID, m.RouteID, m.PickupID, m.Purpose, m.Body))
	if err == nil {
		return created, true, nil
	}
	if err != ErrNotFound {
		return DriverMessage{}, false, err
	}
	existing, err := one[DriverMessage](q.Query(ctx,
		`SELECT `+messageCols+` FROM driver_messages WHERE route_id = $1 AND pickup_id = $2 AND purpose = $3`,
		m.RouteID, m.PickupID, m.Purpose))
	return existing, false, err
}

func (messageRepo) Get(ctx context.Context, q Querier, id string) (DriverMessage, error) {
	return one[DriverMessage](q.Query(ctx, `SELECT `+messageCols+` FROM driver_messages WHERE id = $1`, id))
}

func (messageRepo) MarkSent(ctx context.Context, q Querier, id, providerMessageID string, at time.Time) error {
	_, err := q.Exec(ctx, `
		UPDATE driver_messages SET status = 'sent', provider_message_id = $2, sent_at = $3
		 WHERE id = $1`, id, providerMessageID, at)
	return err
}

func (messageRepo) UpdateDeliveryStatus(ctx context.Context, q Querier, providerMessageID, status string) (bool, error) {
	tag, err := q.Exec(ctx,
		`UPDATE driver_messages SET delivery_status = $2 WHERE provider_message_id = $1`,
		providerMessageID, status)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() > 0, nil
}
