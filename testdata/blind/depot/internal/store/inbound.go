package store

import (
	"context"
	"database/sql"
	"errors"

	"github.com/jmoiron/sqlx"
	"github.com/segmentio/ksuid"

	"github.com/depotworks/depot/internal/domain"
	"github.com/depotworks/depot/internal/platform/db"
	"github.com/depotworks/depot/internal/queries"
)

// InboundRepo stores ASNs, receipts and receiving sessions.
type InboundRepo struct {
	db *sqlx.DB
	// sessionID mints receiving session IDs; sessions are sorted by ID on
	// the dock dashboards, hence KSUIDs.
	sessionID func() string
}

func newInboundRepo(conn *sqlx.DB, _ config) *InboundRepo {
	return &InboundRepo{
		db:        conn,
		sessionID: func() string { return "rs_" + ksuid.New().String() },
	}
}

// CreateASN inserts the ASN header if (merchant, reference) is new and
// reports whether it was created.
func (r *InboundRepo) CreateASN(ctx context.Context, tx *sqlx.Tx, a domain.ASN) (bool, error) {
	var id string
	err := tx.QueryRowxContext(ctx, queries.InsertASN,
		a.ID, a.MerchantID, a.Reference, a.Carrier, a.ExpectedAt, a.CreatedAt).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return true, nil
}

// InsertLine inserts one ASN line.
func (r *InboundRepo) InsertLine(ctx context.Context, tx *sqlx.Tx, l domain.ASNLine) error {
	_, err := db.Exec(ctx, tx, queries.InsertASNLine, l.ID, l.ASNID, l.SKU, l.ExpectedQty)
	return err
}

// GetASN loads an ASN and its lines.
func (r *InboundRepo) GetASN(ctx context.Context, id string) (domain.ASN, error) {
	a, err := db.Get[domain.ASN](ctx, r.db, queries.GetASN, id)
	if err != nil {
		return a, notFound(err)
	}
	a.Lines, err = db.Select[domain.ASNLine](ctx, r.db, queries.ListASNLines, id)
	return a, err
}

// GetASNByReference loads an ASN by the merchant's reference.
func (r *InboundRepo) GetASNByReference(ctx context.Context, merchantID, ref string) (domain.ASN, error) {
	a, err := db.Get[domain.ASN](ctx, r.db, queries.GetASNByReference, merchantID, ref)
	if err != nil {
		return a, notFound(err)
	}
	a.Lines, err = db.Select[domain.ASNLine](ctx, r.db, queries.ListASNLines, a.ID)
	return a, err
}

// GetLine loads one ASN line.
func (r *InboundRepo) GetLine(ctx context.Context, q db.Queryer, id string) (domain.ASNLine, error) {
	l, err := db.Get[domain.ASNLine](ctx, q, queries.GetASNLine, id)
	return l, notFound(err)
}

// InsertReceipt records a scan against a line; false if the scan was
// already recorded.
func (r *InboundRepo) InsertReceipt(ctx context.Context, tx *sqlx.Tx, rc domain.Receipt) (bool, error) {
	n, err := db.Exec(ctx, tx, queries.InsertReceipt,
		rc.ID, rc.ASNLineID, rc.ScanID, rc.Qty, rc.ReceivedBy, rc.ReceivedAt)
	return n == 1, err
}

// AddReceived bumps a line's received quantity.
func (r *InboundRepo) AddReceived(ctx context.Context, tx *sqlx.Tx, lineID string, qty int) error {
	_, err := db.Exec(ctx, tx, queries.AddLineReceived, lineID, qty)
	return err
}

// MarkReceiving moves an ASN from expected to receiving.
func (r *InboundRepo) MarkReceiving(ctx context.Context, q db.Queryer, asnID string) error {
	_, err := db.Exec(ctx, q, queries.MarkASNReceiving, asnID)
	return err
}

// StartSession opens a receiving session for a trailer at a dock door.
func (r *InboundRepo) StartSession(ctx context.Context, q db.Queryer, s domain.ReceivingSession) (domain.ReceivingSession, error) {
	s.ID = r.sessionID()
	if _, err := db.NamedExec(ctx, q, queries.InsertReceivingSession, s); err != nil {
		return s, err
	}
	return s, nil
}

func notFound(err error) error {
	if errors.Is(err, db.ErrNotFound) {
		return domain.ErrNotFound
	}
	return err
}
