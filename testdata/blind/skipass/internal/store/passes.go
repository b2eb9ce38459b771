package store

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"github.com/summitline/skipass/internal/model"
)

type Passes interface {
	// InsertIfAbsent inserts passes, skipping any whose (order_line_id, seq)
	// or contract_id already exists.
	InsertIfAbsent(ctx context.Context, db bun.IDB, ps []*model.Pass) (int64, error)
	Get(ctx context.Context, db bun.IDB, id string) (*model.Pass, error)
	GetForUpdate(ctx context.Context, db bun.IDB, id string) (*model.Pass, error)
	ByCardUID(ctx context.Context, db bun.IDB, uid string) (*model.Pass, error)
	ListByOrder(ctx context.Context, db bun.IDB, orderID string) ([]*model.Pass, error)
	ListDayTicketsFor(ctx context.Context, db bun.IDB, day time.Time) ([]*model.Pass, error)
	AttachCard(ctx context.Context, db bun.IDB, id, cardUID string) (bool, error)
	VoidByOrder(ctx context.Context, db bun.IDB, orderID string) error
	IncrementRides(ctx context.Context, db bun.IDB, id string, n int) error
	ExpireEndedBefore(ctx context.Context, db bun.IDB, day time.Time) (int64, error)
}

type passRepo struct{}

func NewPasses() Passes { return passRepo{} }

func (passRepo) InsertIfAbsent(ctx context.Context, db bun.IDB, ps []*model.Pass) (int64, error) {
	if len(ps) == 0 {
		return 0, nil
	}
	res, err := db.NewInsert().Model(&ps).On("CONFLICT DO NOTHING").Exec(ctx)
	if err != nil {
		return 0, err
	}
	return affected(res), nil
}

func (passRepo) Get(ctx context.Context, db bun.IDB, id string) (*model.Pass, error) {
	p := new(model.Pass)
	if err := db.NewSelect().Model(p).Where("id = ?", id).Scan(ctx); err != nil {
		return nil, notFound(err)
	}
	return p, nil
}

func (passRepo) GetForUpdate(ctx context.Context, db bun.IDB, id string) (*model.Pass, error) {
	p := new(model.Pass)
	if err := db.NewSelect().Model(p).Where("id = ?", id).For("UPDATE").Scan(ctx); err != nil {
		return nil, notFound(err)
	}
	return p, nil
}

func (passRepo) ByCardUID(ctx context.Context, db bun.IDB, uid string) (*model.Pass, error) {
	p := new(model.Pass)
	if err := db.NewSelect().Model(p).Where("card_uid = ?", uid).Scan(ctx); err != nil {
		return nil, notFound(err)
	}
	return p, nil
}

func (passRepo) ListByOrder(ctx context.Context, db bun.IDB, orderID string) ([]*model.Pass, error) {
	var ps []*model.Pass
	err := db.NewSelect().Model(&ps).Where("order_id = ?", orderID).Order("order_line_id", "seq").Scan(ctx)
	return ps, err
}

func (passRepo) ListDayTicketsFor(ctx context.Context, db bun.IDB, day time.Time) ([]*model.Pass, error) {
	var ps []*model.Pass
	err := db.NewSelect().Model(&ps).
		Where("kind = ?", model.ProductDayTicket).
		Where("valid_from = ?", day.Format(time.DateOnly)).
		Where("status IN (?)", bun.In([]string{model.PassActive, model.PassAwaitingCard})).
		Where("order_id IS NOT NULL").
		Scan(ctx)
	return ps, err
}

func (passRepo) AttachCard(ctx context.Context, db bun.IDB, id, cardUID string) (bool, error) {
	res, err := db.NewUpdate().Model((*model.Pass)(nil)).
		Set("card_uid = ?", cardUID).
		Set("status = ?", model.PassActive).
		Where("id = ? AND (card_uid IS DISTINCT FROM ?)", id, cardUID).
		Exec(ctx)
	if err != nil {
		return false, err
	}
	return affected(res) == 1, nil
}

func (passRepo) VoidByOrder(ctx context.Context, db bun.IDB, orderID string) error {
	_, err := db.NewUpdate().Model((*model.Pass)(nil)).
		Set("status = ?", model.PassVoid).
		Where("order_id = ?", orderID).
		Exec(ctx)
	return err
}

func (passRepo) IncrementRides(ctx context.Context, db bun.IDB, id string, n int) error {
	_, err := db.NewUpdate().Model((*model.Pass)(nil)).
		Set("ride_count = ride_count + ?", n).
		Where("id = ?", id).
		Exec(ctx)
	return err
}

func (passRepo) ExpireEndedBefore(ctx context.Context, db bun.IDB, day time.Time) (int64, error) {
	res, err := db.NewUpdate().Model((*model.Pass)(nil)).
		Set("status = ?", model.PassExpired).
		Where("status = ? AND valid_to < ?", model.PassActive, day.Format(time.DateOnly)).
		Exec(ctx)
	if err != nil {
		return 0, err
	}
	return affected(res), nil
}

// Cards tracks encoding jobs, reprints and shipments at the card partner.
type Cards interface {
	EnsureEncoding(ctx context.Context, db bun.IDB, passID string) (*model.CardEncoding, error)
	MarkEncodingSubmitted(ctx context.Context, db bun.IDB, passID, jobID string) error
	MarkEncodingCompleted(ctx context.Context, db bun.IDB, passID string, at time.Time) error
	EnsureReplacement(ctx context.Context, db bun.IDB, r *model.CardReplacement) (*model.CardReplacement, error)
	MarkReplacementSubmitted(ctx context.Context, db bun.IDB, id int64, partnerJobID string) error
	ShipmentFor(ctx context.Context, db bun.IDB, passID string) (*model.CardShipment, error)
	InsertShipment(ctx context.Context, db bun.IDB, s *model.CardShipment) error
}

type cardRepo struct{}

func NewCards() Cards { return cardRepo{} }

func (cardRepo) EnsureEncoding(ctx context.Context, db bun.IDB, passID string) (*model.CardEncoding, error) {
	e := &model.CardEncoding{PassID: passID, Status: "pending"}
	if _, err := db.NewInsert().Model(e).On("CONFLICT (pass_id) DO NOTHING").Exec(ctx); err != nil {
		return nil, err
	}
	out := new(model.CardEncoding)
	if err := db.NewSelect().Model(out).Where("pass_id = ?", passID).Scan(ctx); err != nil {
		return nil, err
	}
	return out, nil
}

func (cardRepo) MarkEncodingSubmitted(ctx context.Context, db bun.IDB, passID, jobID string) error {
	_, err := db.NewUpdate().Model((*model.CardEncoding)(nil)).
		Set("status = 'submitted'").
		Set("partner_job_id = ?", jobID).
		Where("pass_id = ? AND status = 'pending'", passID).
		Exec(ctx)
	return err
}

func (cardRepo) MarkEncodingCompleted(ctx context.Context, db bun.IDB, passID string, at time.Time) error {
	_, err := db.NewUpdate().Model((*model.CardEncoding)(nil)).
		Set("status = 'completed'").
		Set("completed_at = ?", at).
		Where("pass_id = ?", passID).
		Exec(ctx)
	return err
}

func (cardRepo) EnsureReplacement(ctx context.Context, db bun.IDB, r *model.CardReplacement) (*model.CardReplacement, error) {
	if _, err := db.NewInsert().Model(r).On("CONFLICT (pass_id, old_card_uid) DO NOTHING").Exec(ctx); err != nil {
		return nil, err
	}
	out := new(model.CardReplacement)
	err := db.NewSelect().Model(out).
		Where("pass_id = ? AND old_card_uid = ?", r.PassID, r.OldCardUID).
		Scan(ctx)
	return out, err
}

func (cardRepo) MarkReplacementSubmitted(ctx context.Context, db bun.IDB, id int64, partnerJobID string) error {
	_, err := db.NewUpdate().Model((*model.CardReplacement)(nil)).
		Set("status = 'submitted'").
		Set("partner_request_id = ?", partnerJobID).
		Where("id = ?", id).
		Exec(ctx)
	return err
}

func (cardRepo) ShipmentFor(ctx context.Context, db bun.IDB, passID string) (*model.CardShipment, error) {
	s := new(model.CardShipment)
	if err := db.NewSelect().Model(s).Where("pass_id = ?", passID).Scan(ctx); err != nil {
		return nil, notFound(err)
	}
	return s, nil
}

func (cardRepo) InsertShipment(ctx context.Context, db bun.IDB, s *model.CardShipment) error {
	_, err := db.NewInsert().Model(s).Exec(ctx)
	return err
}
