package store

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"github.com/tiedknot/registry/internal/db"
	"github.com/tiedknot/registry/internal/platform/idgen"
)

// RegistryRepo stores registries, items, cash funds, group gifts and
// off-registry claims.
type RegistryRepo struct {
	s          *Store
	q          *db.Queries
	newGroupID idgen.Generator
	newClaimID idgen.Generator
}

// NewRegistryRepo builds a RegistryRepo.
func NewRegistryRepo(s *Store) *RegistryRepo {
	return &RegistryRepo{
		s:          s,
		q:          s.Queries(),
		newGroupID: idgen.Prefixed(idgen.PrefixGroupGift),
		newClaimID: idgen.Prefixed(idgen.PrefixClaim),
	}
}

// CreateRegistry inserts a registry unless its slug is taken. It reports
// whether a row was inserted.
func (r *RegistryRepo) CreateRegistry(ctx context.Context, arg db.CreateRegistryParams) (bool, error) {
	n, err := r.q.CreateRegistry(ctx, arg)
	if err != nil {
		return false, mapErr(err, "create registry")
	}
	return n == 1, nil
}

// GetRegistry loads a registry by id.
func (r *RegistryRepo) GetRegistry(ctx context.Context, id string) (db.Registry, error) {
	reg, err := r.q.GetRegistry(ctx, id)
	return reg, mapErr(err, "get registry")
}

// GetRegistryBySlug loads a registry by its public slug.
func (r *RegistryRepo) GetRegistryBySlug(ctx context.Context, slug string) (db.Registry, error) {
	reg, err := r.q.GetRegistryBySlug(ctx, slug)
	return reg, mapErr(err, "get registry by slug")
}

// GetCouple loads a couple.
// Publish moves a draft registry to published.
func (r *RegistryRepo) Publish(ctx context.Context, id string, at time.Time) (db.Registry, error) {
	reg, err := r.q.PublishRegistry(ctx, db.PublishRegistryParams{
		ID:          id,
		PublishedAt: pgtype.Timestamptz{Time: at, Valid: true},
	})
	return reg, mapErr(err, "publish registry")
}

// NewItem is a registry item as entered by the couple.
type NewItem struct {
	RegistryID        string
	Retailer          string
	RetailerSKU       string
	Name              string
	ImageURL          string
	PriceCents        int64
	QuantityRequested int32
	Priority          int16
	Note              string
}

// CreateItem inserts a registry item with the given id.
func (r *RegistryRepo) CreateItem(ctx context.Context, id string, in NewItem) (db.RegistryItem, error) {
	item, err := r.q.CreateRegistryItem(ctx, db.CreateRegistryItemParams{
		ID:                id,
		RegistryID:        in.RegistryID,
		Retailer:          in.Retailer,
		RetailerSku:       in.RetailerSKU,
		Name:              in.Name,
		ImageUrl:          in.ImageURL,
		PriceCents:        in.PriceCents,
		QuantityRequested: in.QuantityRequested,
		Priority:          in.Priority,
		Note:              in.Note,
	})
	return item, mapErr(err, "create item")
}

// GetItem loads an item of a registry.
func (r *RegistryRepo) GetItem(ctx context.Context, registryID, itemID string) (db.RegistryItem, error) {
	item, err := r.q.GetRegistryItem(ctx, db.GetRegistryItemParams{ID: itemID, RegistryID: registryID})
	return item, mapErr(err, "get item")
}

// UpdateItem overwrites the editable fields of an item.
func (r *RegistryRepo) UpdateItem(ctx context.Context, arg db.UpdateRegistryItemParams) (db.RegistryItem, error) {
	item, err := r.q.UpdateRegistryItem(ctx, arg)
	return item, mapErr(err, "update item")
}

// RemoveItem soft-deletes an item. Removing an already removed item is not
// an error.
func (r *RegistryRepo) RemoveItem(ctx context.Context, registryID, itemID string) error {
	n, err := r.q.SoftDeleteRegistryItem(ctx, db.SoftDeleteRegistryItemParams{ID: itemID, RegistryID: registryID})
	if err != nil {
		return mapErr(err, "remove item")
	}
	if n == 0 {
		return mapErr(pgx.ErrNoRows, "remove item")
	}
	return nil
}

// NewGroupGift describes a group gift on one item.
type NewGroupGift struct {
	RegistryID  string
	ItemID      string
	Title       string
	TargetCents int64
}

// CreateGroupGift inserts a group gift.
func (r *RegistryRepo) CreateGroupGift(ctx context.Context, in NewGroupGift) (db.GroupGift, error) {
	g, err := r.q.CreateGroupGift(ctx, db.CreateGroupGiftParams{ID: r.newGroupID(), RegistryID: in.RegistryID, ItemID: in.ItemID, Title: in.Title, TargetCents: in.TargetCents})
	return g, mapErr(err, "create group gift")
}

// GetGroupGift loads a group gift.
// CreateCashFund inserts a cash fund.
func (r *RegistryRepo) CreateCashFund(ctx context.Context, arg db.CreateCashFundParams) (db.CashFund, error) {
	f, err := r.q.CreateCashFund(ctx, arg)
	return f, mapErr(err, "create cash fund")
}

// GetCashFund loads a cash fund.
// NewClaim records that a guest bought an item somewhere else.
type NewClaim struct {
	ItemID     string
	GuestName  string
	GuestEmail string
	Quantity   int32
}

// ClaimOffRegistry records the claim and counts the units as purchased so
// that other guests do not buy them again. A guest can claim an item once.
func (r *RegistryRepo) ClaimOffRegistry(ctx context.Context, in NewClaim) (db.OffRegistryClaim, error) {
	var claim db.OffRegistryClaim
	err := r.s.InTx(ctx, func(_ pgx.Tx, q *db.Queries) error {
		var err error
		claim, err = q.CreateOffRegistryClaim(ctx, db.CreateOffRegistryClaimParams{ID: r.newClaimID(), ItemID: in.ItemID, GuestName: in.GuestName, GuestEmail: in.GuestEmail, Quantity: in.Quantity})
		if err != nil {
			return err
		}
		return q.AddPurchasedQuantity(ctx, db.AddPurchasedQuantityParams{ID: in.ItemID, Quantity: in.Quantity})
	})
	return claim, mapErr(err, "claim off-registry")
}
