package repo

import (
	"context"

	"github.com/lumen-gift/giftcards/internal/db"
	"github.com/lumen-gift/giftcards/internal/ids"
	"github.com/lumen-gift/giftcards/internal/store"
)

type PgDeliveries struct{ st *store.Store }

func NewDeliveries(st *store.Store) *PgDeliveries { return &PgDeliveries{st: st} }

func (r *PgDeliveries) Create(ctx context.Context, cardID, channel, destination, status string) (db.Delivery, error) {
	return r.st.Q().CreateDelivery(ctx, db.CreateDeliveryParams{
		ID:          ids.New("dlv"),
		CardID:      cardID,
		Channel:     channel,
		Destination: destination,
		Status:      status,
	})
}

func (r *PgDeliveries) Get(ctx context.Context, id string) (db.Delivery, error) {
	return r.st.Q().GetDelivery(ctx, id)
}

// Claim moves a pending delivery to "sending". It returns false if another
// attempt already claimed it.
func (r *PgDeliveries) Claim(ctx context.Context, id string) (bool, error) {
	n, err := r.st.Q().ClaimDelivery(ctx, id)
	return n == 1, err
}

func (r *PgDeliveries) MarkSent(ctx context.Context, id, providerRef string) error {
	return r.st.Q().MarkDeliverySent(ctx, db.MarkDeliverySentParams{ID: id, ProviderRef: store.PtrOrNil(providerRef)})
}

func (r *PgDeliveries) MarkFailed(ctx context.Context, id string) error {
	return r.st.Q().MarkDeliveryFailed(ctx, id)
}

// RecordAttempt appends to the attempt log used by support tooling.
func (r *PgDeliveries) RecordAttempt(ctx context.Context, deliveryID string, attempt int, sendErr error) error {
	var msg *string
	if sendErr != nil {
		msg = store.Ptr(sendErr.Error())
	}
	return r.st.Q().InsertDeliveryAttempt(ctx, db.InsertDeliveryAttemptParams{
		ID:         ids.New("att"),
		DeliveryID: deliveryID,
		Attempt:    int32(attempt),
		Error:      msg,
	})
}
