package store

import (
	"context"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/vowhall/venues/internal/domain"
	"github.com/vowhall/venues/internal/platform/dbx"
)

const (
	getPackageSQL = `
SELECT id, vendor_id, venue_id, sku, name, kind, price_cents, per_guest, active
FROM packages WHERE id = $1`

	getVendorSQL = `
SELECT id, name, kind, account_ref, callback_key, contact_email, active
FROM vendors WHERE id = $1`

	getVendorByKeySQL = `
SELECT id, name, kind, account_ref, callback_key, contact_email, active
FROM vendors WHERE callback_key = $1 AND active`

	insertLineSQL = `
INSERT INTO booking_packages (id, booking_id, package_id, vendor_id, quantity, unit_price_cents, line_total_cents, created_at)
VALUES (:id, :booking_id, :package_id, :vendor_id, :quantity, :unit_price_cents, :line_total_cents, :created_at)`

	getLineSQL = `
SELECT id, booking_id, package_id, vendor_id, quantity, unit_price_cents, line_total_cents, created_at
FROM booking_packages WHERE id = $1 AND booking_id = $2`

	listLinesSQL = `
SELECT id, booking_id, package_id, vendor_id, quantity, unit_price_cents, line_total_cents, created_at
FROM booking_packages WHERE booking_id = $1 ORDER BY created_at`

	deleteLineSQL = `DELETE FROM booking_packages WHERE id = $1`

	lineHasOrderSQL = `SELECT EXISTS (SELECT 1 FROM purchase_orders WHERE booking_package_id = $1)`

	listUnorderedLinesSQL = `
SELECT bp.id, bp.booking_id, bp.package_id, bp.vendor_id, bp.quantity, bp.unit_price_cents,
       bp.line_total_cents, bp.created_at, p.name AS package_name, p.sku
FROM booking_packages bp
JOIN packages p ON p.id = bp.package_id
LEFT JOIN purchase_orders po ON po.booking_package_id = bp.id
WHERE bp.booking_id = $1 AND po.id IS NULL
ORDER BY bp.created_at`
)

type Packages struct{ db *sqlx.DB }

func NewPackages(db *sqlx.DB) *Packages { return &Packages{db: db} }

func (r *Packages) GetPackage(ctx context.Context, id uuid.UUID) (domain.Package, error) {
	return dbx.Get[domain.Package](ctx, dbx.Conn(ctx, r.db), getPackageSQL, id)
}

func (r *Packages) GetVendor(ctx context.Context, id uuid.UUID) (domain.Vendor, error) {
	return dbx.Get[domain.Vendor](ctx, dbx.Conn(ctx, r.db), getVendorSQL, id)
}

func (r *Packages) VendorByCallbackKey(ctx context.Context, key string) (domain.Vendor, error) {
	return dbx.Get[domain.Vendor](ctx, dbx.Conn(ctx, r.db), getVendorByKeySQL, key)
}

func (r *Packages) AddLine(ctx context.Context, l domain.BookingPackage) error {
	_, err := dbx.Conn(ctx, r.db).NamedExecContext(ctx, insertLineSQL, l)
	return err
}

func (r *Packages) GetLine(ctx context.Context, bookingID, lineID uuid.UUID) (domain.BookingPackage, error) {
	return dbx.Get[domain.BookingPackage](ctx, dbx.Conn(ctx, r.db), getLineSQL, lineID, bookingID)
}

func (r *Packages) ListLines(ctx context.Context, bookingID uuid.UUID) ([]domain.BookingPackage, error) {
	return dbx.Select[domain.BookingPackage](ctx, dbx.Conn(ctx, r.db), listLinesSQL, bookingID)
}

func (r *Packages) DeleteLine(ctx context.Context, lineID uuid.UUID) error {
	return dbx.ExecOne(ctx, dbx.Conn(ctx, r.db), deleteLineSQL, lineID)
}

func (r *Packages) LineHasOrder(ctx context.Context, lineID uuid.UUID) (bool, error) {
	return dbx.Get[bool](ctx, dbx.Conn(ctx, r.db), lineHasOrderSQL, lineID)
}

// ListUnordered returns the booking's package lines that have no purchase
// order yet.
func (r *Packages) ListUnordered(ctx context.Context, bookingID uuid.UUID) ([]domain.OrderLine, error) {
	return dbx.Select[domain.OrderLine](ctx, dbx.Conn(ctx, r.db), listUnorderedLinesSQL, bookingID)
}
