package gallery

import (
	"context"
	"database/sql"
	"errors"

	"github.com/lenslane/photomarket/db"
	"github.com/lenslane/photomarket/internal/events"
	"github.com/lenslane/photomarket/internal/store"
)

// Errors returned to handlers.
var (
	ErrNotFound  = errors.New("gallery not found")
	ErrForbidden = errors.New("not your gallery")
	ErrNotReady  = errors.New("gallery is not ready for delivery")
)

// Delivery releases finished galleries to clients.
type Delivery struct {
	Store txRunner
}

// Deliver marks the gallery delivered and announces it to the client and
// the payouts worker.
func (d *Delivery) Deliver(ctx context.Context, galleryID, photographerID string) (db.Gallery, error) {
	var out db.Gallery
	err := d.Store.WithTx(ctx, func(tx store.Tx) error {
		g, err := tx.Q.GetGallery(ctx, galleryID)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return err
		}
		if g.PhotographerID != photographerID {
			return ErrForbidden
		}
		n, err := tx.Q.MarkGalleryDelivered(ctx, g.ID)
		if err != nil {
			return err
		}
		if n == 0 {
			if g.Status == "delivered" {
				out = g
				return nil
			}
			return ErrNotReady
		}
		b, err := tx.Q.GetBooking(ctx, g.BookingID)
		if err != nil {
			return err
		}
		if err := tx.Events.Publish(ctx, events.TopicGalleryDelivered, events.GalleryDelivered{
			GalleryID:      g.ID,
			BookingID:      b.ID,
			PhotographerID: g.PhotographerID,
			ClientID:       b.ClientID,
		}); err != nil {
			return err
		}
		out, err = tx.Q.GetGallery(ctx, g.ID)
		return err
	})
	return out, err
}
