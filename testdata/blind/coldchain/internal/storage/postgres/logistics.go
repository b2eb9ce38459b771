package postgres

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/frostline/coldchain/internal/db"
	"github.com/frostline/coldchain/internal/platform"
)

// CarrierRepo backs the carrier service.
type CarrierRepo struct {
	*ShipmentRepo
	pool *pgxpool.Pool
	q    *db.Queries
}

func NewCarrierRepo(pool *pgxpool.Pool, shipments *ShipmentRepo) *CarrierRepo {
	return &CarrierRepo{ShipmentRepo: shipments, pool: pool, q: db.New(pool)}
}

func (r *CarrierRepo) EnsureBooking(ctx context.Context, id, shipmentID string) (db.CarrierBooking, error) {
	return r.q.UpsertRequestedBooking(ctx, id, shipmentID)
}

// ConfirmBooking records the truck and moves the shipment forward in one
// transaction.
func (r *CarrierRepo) ConfirmBooking(ctx context.Context, bookingID, shipmentID, carrierRef, truckPlate string) error {
	return pgx.BeginFunc(ctx, r.pool, func(tx pgx.Tx) error {
		q := r.q.WithTx(tx)
		if err := q.ConfirmCarrierBooking(ctx, bookingID, carrierRef, truckPlate); err != nil {
			return err
		}
		return q.SetShipmentStatus(ctx, shipmentID, "carrier_assigned")
	})
}

func (r *CarrierRepo) RejectBooking(ctx context.Context, bookingID string) error {
	return r.q.RejectCarrierBooking(ctx, bookingID)
}

// CustomsRepo backs the customs service.
type CustomsRepo struct {
	*ShipmentRepo
	q       *db.Queries
	filings *platform.Store[db.CustomsFiling]
}

func NewCustomsRepo(pool *pgxpool.Pool, shipments *ShipmentRepo) *CustomsRepo {
	return &CustomsRepo{
		ShipmentRepo: shipments,
		q:            db.New(pool),
		filings:      platform.NewStore(pool, "customs_filings", "id", db.CustomsFilingColumns, db.ScanCustomsFiling),
	}
}

func (r *CustomsRepo) GetFiling(ctx context.Context, id string) (db.CustomsFiling, error) {
	return r.filings.Get(ctx, id)
}

func (r *CustomsRepo) InsertFiling(ctx context.Context, arg db.InsertCustomsFilingParams) error {
	return r.q.InsertCustomsFiling(ctx, arg)
}

func (r *CustomsRepo) MarkFilingSubmitted(ctx context.Context, id, entryNumber string, at time.Time) error {
	return r.q.MarkFilingSubmitted(ctx, id, entryNumber, at)
}

func (r *CustomsRepo) InsertAmendment(ctx context.Context, arg db.InsertCustomsAmendmentParams) error {
	return r.q.InsertCustomsAmendment(ctx, arg)
}
