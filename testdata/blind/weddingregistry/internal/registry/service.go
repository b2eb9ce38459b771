// Package registry is the couple-facing side of the product: creating and
// publishing registries, curating items, cash funds and group gifts, and
// recording gifts guests bought elsewhere.
package registry

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"regexp"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgtype"

	"github.com/tiedknot/registry/internal/db"
	"github.com/tiedknot/registry/internal/platform/idgen"
	"github.com/tiedknot/registry/internal/providers/retailer"
	"github.com/tiedknot/registry/internal/store"
)

// Registry statuses.
const (
	StatusDraft     = "draft"
	StatusPublished = "published"
	StatusArchived  = "archived"
)

// Errors returned to the API layer.
var (
	ErrNotFound        = errors.New("registry: not found")
	ErrForbidden       = errors.New("registry: not the owner")
	ErrSlugTaken       = errors.New("registry: slug already taken")
	ErrInvalid         = errors.New("registry: invalid request")
	ErrNotPublished    = errors.New("registry: not published")
	ErrAlreadyClaimed  = errors.New("registry: already claimed by this guest")
	ErrUnknownRetailer = errors.New("registry: unknown retailer")
)

// Service is the registry API used by the HTTP handlers.
type Service interface {
	CreateRegistry(ctx context.Context, ownerID string, in CreateRegistryInput) (db.Registry, bool, error)
	GetOwned(ctx context.Context, ownerID, registryID string) (db.Registry, error)
	Publish(ctx context.Context, ownerID, registryID string) (db.Registry, error)
	AddItem(ctx context.Context, ownerID, registryID string, in AddItemInput) (db.RegistryItem, error)
	UpdateItem(ctx context.Context, ownerID, registryID, itemID string, in UpdateItemInput) (db.RegistryItem, error)
	RemoveItem(ctx context.Context, ownerID, registryID, itemID string) error
	CreateGroupGift(ctx context.Context, ownerID, registryID string, in GroupGiftInput) (db.GroupGift, error)
	CreateCashFund(ctx context.Context, ownerID, registryID string, in CashFundInput) (db.CashFund, error)
	ClaimOffRegistry(ctx context.Context, registryID, itemID string, in ClaimInput) (db.OffRegistryClaim, error)
}

// Repository is the storage the service needs.
type Repository interface {
	CreateRegistry(ctx context.Context, arg db.CreateRegistryParams) (bool, error)
	GetRegistry(ctx context.Context, id string) (db.Registry, error)
	GetRegistryBySlug(ctx context.Context, slug string) (db.Registry, error)
	Publish(ctx context.Context, id string, at time.Time) (db.Registry, error)
	CreateItem(ctx context.Context, id string, in store.NewItem) (db.RegistryItem, error)
	GetItem(ctx context.Context, registryID, itemID string) (db.RegistryItem, error)
	UpdateItem(ctx context.Context, arg db.UpdateRegistryItemParams) (db.RegistryItem, error)
	RemoveItem(ctx context.Context, registryID, itemID string) error
	CreateGroupGift(ctx context.Context, in store.NewGroupGift) (db.GroupGift, error)
	CreateCashFund(ctx context.Context, arg db.CreateCashFundParams) (db.CashFund, error)
	ClaimOffRegistry(ctx context.Context, in store.NewClaim) (db.OffRegistryClaim, error)
}

// Catalog looks products up at partner retailers.
type Catalog interface {
	Get(name string) (*retailer.Client, error)
}

// Announcer schedules the "your registry is live" email.
type Announcer interface {
	AnnounceRegistry(ctx context.Context, registryID string) error
}

type service struct {
	repo      Repository
	catalog   Catalog
	announcer Announcer
	log       *slog.Logger
	now       func() time.Time
	newRegID  idgen.Generator
	newItemID idgen.Generator
	newFundID idgen.Generator
}

// New builds the registry service.
func New(repo Repository, catalog Catalog, announcer Announcer, log *slog.Logger) Service {
	return &service{
		repo:      repo,
		catalog:   catalog,
		announcer: announcer,
		log:       log.With("svc", "registry"),
		now:       time.Now,
		newRegID:  idgen.Prefixed(idgen.PrefixRegistry),
		newItemID: idgen.Prefixed(idgen.PrefixItem),
		newFundID: idgen.Prefixed(idgen.PrefixCashFund),
	}
}

// ShippingAddress is where partner retailers ship gifts.
type ShippingAddress struct {
	Line1      string `json:"line1"`
	Line2      string `json:"line2,omitempty"`
	City       string `json:"city"`
	Region     string `json:"region"`
	PostalCode string `json:"postal_code"`
	Country    string `json:"country"`
}

// CreateRegistryInput is the body of POST /v1/registries.
type CreateRegistryInput struct {
	Slug       string          `json:"slug"`
	Kind       string          `json:"kind"`
	Title      string          `json:"title"`
	EventDate  string          `json:"event_date"`
	Currency   string          `json:"currency"`
	ShipToName string          `json:"ship_to_name"`
	ShipTo     ShippingAddress `json:"ship_to"`
}

var slugRE = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{2,62}$`)

func (in *CreateRegistryInput) normalize() error {
	in.Slug = strings.ToLower(strings.TrimSpace(in.Slug))
	if !slugRE.MatchString(in.Slug) {
		return fmt.Errorf("%w: slug must be 3-63 lower-case letters, digits or dashes", ErrInvalid)
	}
	if in.Kind != "wedding" && in.Kind != "baby" {
		return fmt.Errorf("%w: kind must be wedding or baby", ErrInvalid)
	}
	if strings.TrimSpace(in.Title) == "" {
		return fmt.Errorf("%w: title is required", ErrInvalid)
	}
	if in.Currency == "" {
		in.Currency = "usd"
	}
	in.Currency = strings.ToLower(in.Currency)
	return nil
}

// CreateRegistry creates a registry under a slug. Slugs are globally unique;
// if the caller already owns a registry with this slug it is returned
// unchanged, so a resent create is harmless. The bool reports whether a new
// registry was created.
func (s *service) CreateRegistry(ctx context.Context, ownerID string, in CreateRegistryInput) (db.Registry, bool, error) {
	if err := in.normalize(); err != nil {
		return db.Registry{}, false, err
	}
	var eventDate pgtype.Date
	if in.EventDate != "" {
		t, err := time.Parse(time.DateOnly, in.EventDate)
		if err != nil {
			return db.Registry{}, false, fmt.Errorf("%w: event_date: %v", ErrInvalid, err)
		}
		eventDate = pgtype.Date{Time: t, Valid: true}
	}
	addr, err := json.Marshal(in.ShipTo)
	if err != nil {
		return db.Registry{}, false, err
	}
	created, err := s.repo.CreateRegistry(ctx, db.CreateRegistryParams{
		ID:            s.newRegID(),
		OwnerID:       ownerID,
		Slug:          in.Slug,
		Kind:          in.Kind,
		Title:         in.Title,
		EventDate:     eventDate,
		Currency:      in.Currency,
		ShipToName:    in.ShipToName,
		ShipToAddress: addr,
	})
	if err != nil {
		return db.Registry{}, false, err
	}
	reg, err := s.repo.GetRegistryBySlug(ctx, in.Slug)
	if err != nil {
		return db.Registry{}, false, err
	}
	if reg.OwnerID != ownerID {
		return db.Registry{}, false, ErrSlugTaken
	}
	return reg, created, nil
}

// GetOwned loads a registry and checks the caller owns it.
func (s *service) GetOwned(ctx context.Context, ownerID, registryID string) (db.Registry, error) {
	reg, err := s.repo.GetRegistry(ctx, registryID)
	if store.IsNotFound(err) {
		return db.Registry{}, ErrNotFound
	}
	if err != nil {
		return db.Registry{}, err
	}
	if reg.OwnerID != ownerID {
		return db.Registry{}, ErrForbidden
	}
	return reg, nil
}

// Publish makes a draft registry visible to guests and schedules the
// announcement email to the couple.
func (s *service) Publish(ctx context.Context, ownerID, registryID string) (db.Registry, error) {
	reg, err := s.GetOwned(ctx, ownerID, registryID)
	if err != nil {
		return db.Registry{}, err
	}
	if reg.Status == StatusPublished {
		return reg, nil
	}
	if reg.Status != StatusDraft {
		return db.Registry{}, fmt.Errorf("%w: registry is %s", ErrInvalid, reg.Status)
	}
	reg, err = s.repo.Publish(ctx, registryID, s.now())
	if err != nil {
		return db.Registry{}, err
	}
	if err := s.announcer.AnnounceRegistry(ctx, reg.ID); err != nil {
		return db.Registry{}, fmt.Errorf("schedule announcement: %w", err)
	}
	s.log.InfoContext(ctx, "registry published", "registry_id", reg.ID, "slug", reg.Slug)
	return reg, nil
}

// AddItemInput is the body of POST /v1/registries/{id}/items.
type AddItemInput struct {
	Retailer string `json:"retailer"`
	SKU      string `json:"sku"`
	Quantity int32  `json:"quantity"`
	Priority int16  `json:"priority"`
	Note     string `json:"note"`
}

// AddItem adds a retailer product to the registry. Name, price and image
// come from the partner catalogue so couples cannot misprice items.
func (s *service) AddItem(ctx context.Context, ownerID, registryID string, in AddItemInput) (db.RegistryItem, error) {
	if _, err := s.GetOwned(ctx, ownerID, registryID); err != nil {
		return db.RegistryItem{}, err
	}
	if in.SKU == "" || in.Quantity <= 0 || in.Quantity > 99 {
		return db.RegistryItem{}, fmt.Errorf("%w: sku and a quantity of 1-99 are required", ErrInvalid)
	}
	partner, err := s.catalog.Get(in.Retailer)
	if err != nil {
		return db.RegistryItem{}, ErrUnknownRetailer
	}
	product, err := partner.GetProduct(ctx, in.SKU)
	if err != nil {
		return db.RegistryItem{}, fmt.Errorf("catalogue lookup: %w", err)
	}
	if !product.Available {
		return db.RegistryItem{}, fmt.Errorf("%w: %s is not available", ErrInvalid, in.SKU)
	}
	item, err := s.repo.CreateItem(ctx, s.newItemID(), store.NewItem{
		RegistryID:        registryID,
		Retailer:          partner.Name(),
		RetailerSKU:       product.SKU,
		Name:              product.Name,
		ImageURL:          product.ImageURL,
		PriceCents:        product.PriceCents,
		QuantityRequested: in.Quantity,
		Priority:          in.Priority,
		Note:              in.Note,
	})
	if err != nil {
		return db.RegistryItem{}, err
	}
	return item, nil
}

// UpdateItemInput is the body of PUT /v1/registries/{id}/items/{itemID}.
type UpdateItemInput struct {
	Name       string `json:"name"`
	PriceCents int64  `json:"price_cents"`
	Quantity   int32  `json:"quantity"`
	Priority   int16  `json:"priority"`
	Note       string `json:"note"`
}

// UpdateItem replaces the editable fields of an item.
func (s *service) UpdateItem(ctx context.Context, ownerID, registryID, itemID string, in UpdateItemInput) (db.RegistryItem, error) {
	if _, err := s.GetOwned(ctx, ownerID, registryID); err != nil {
		return db.RegistryItem{}, err
	}
	current, err := s.repo.GetItem(ctx, registryID, itemID)
	if store.IsNotFound(err) {
		return db.RegistryItem{}, ErrNotFound
	}
	if err != nil {
		return db.RegistryItem{}, err
	}
	if in.Quantity < current.QuantityPurchased+current.QuantityReserved {
		return db.RegistryItem{}, fmt.Errorf("%w: %d already bought or in checkout", ErrInvalid, current.QuantityPurchased+current.QuantityReserved)
	}
	if in.PriceCents <= 0 {
		in.PriceCents = current.PriceCents
	}
	if in.Name == "" {
		in.Name = current.Name
	}
	item, err := s.repo.UpdateItem(ctx, db.UpdateRegistryItemParams{
		ID:                itemID,
		RegistryID:        registryID,
		Name:              in.Name,
		PriceCents:        in.PriceCents,
		QuantityRequested: in.Quantity,
		Priority:          in.Priority,
		Note:              in.Note,
	})
	if store.IsNotFound(err) {
		return db.RegistryItem{}, ErrNotFound
	}
	return item, err
}

// RemoveItem hides an item from guests.
func (s *service) RemoveItem(ctx context.Context, ownerID, registryID, itemID string) error {
	if _, err := s.GetOwned(ctx, ownerID, registryID); err != nil {
		return err
	}
	err := s.repo.RemoveItem(ctx, registryID, itemID)
	if store.IsNotFound(err) {
		return ErrNotFound
	}
	return err
}

// GroupGiftInput is the body of POST /v1/registries/{id}/group-gifts.
type GroupGiftInput struct {
	ItemID string `json:"item_id"`
	Title  string `json:"title"`
}

// CreateGroupGift lets guests chip in towards one expensive item. The
// target is the item's price.
func (s *service) CreateGroupGift(ctx context.Context, ownerID, registryID string, in GroupGiftInput) (db.GroupGift, error) {
	if _, err := s.GetOwned(ctx, ownerID, registryID); err != nil {
		return db.GroupGift{}, err
	}
	item, err := s.repo.GetItem(ctx, registryID, in.ItemID)
	if store.IsNotFound(err) {
		return db.GroupGift{}, ErrNotFound
	}
	if err != nil {
		return db.GroupGift{}, err
	}
	if item.DeletedAt.Valid {
		return db.GroupGift{}, fmt.Errorf("%w: item was removed", ErrInvalid)
	}
	title := in.Title
	if title == "" {
		title = item.Name
	}
	return s.repo.CreateGroupGift(ctx, store.NewGroupGift{
		RegistryID:  registryID,
		ItemID:      item.ID,
		Title:       title,
		TargetCents: item.PriceCents,
	})
}

// CashFundInput is the body of POST /v1/registries/{id}/cash-funds.
type CashFundInput struct {
	Title       string `json:"title"`
	Description string `json:"description"`
	GoalCents   int64  `json:"goal_cents"`
	AutoPayout  *bool  `json:"auto_payout"`
}

// CreateCashFund adds a cash fund (honeymoon, nursery, down payment).
func (s *service) CreateCashFund(ctx context.Context, ownerID, registryID string, in CashFundInput) (db.CashFund, error) {
	if _, err := s.GetOwned(ctx, ownerID, registryID); err != nil {
		return db.CashFund{}, err
	}
	if strings.TrimSpace(in.Title) == "" {
		return db.CashFund{}, fmt.Errorf("%w: title is required", ErrInvalid)
	}
	auto := true
	if in.AutoPayout != nil {
		auto = *in.AutoPayout
	}
	var goal pgtype.Int8
	if in.GoalCents > 0 {
		goal = pgtype.Int8{Int64: in.GoalCents, Valid: true}
	}
	return s.repo.CreateCashFund(ctx, db.CreateCashFundParams{
		ID:          s.newFundID(),
		RegistryID:  registryID,
		Title:       in.Title,
		Description: in.Description,
		GoalCents:   goal,
		AutoPayout:  auto,
	})
}

// ClaimInput is the body of POST …/off-registry-claims.
type ClaimInput struct {
	GuestName  string `json:"guest_name"`
	GuestEmail string `json:"guest_email"`
	Quantity   int32  `json:"quantity"`
}

// ClaimOffRegistry records that a guest bought an item outside the registry
// so the couple's list stays accurate.
func (s *service) ClaimOffRegistry(ctx context.Context, registryID, itemID string, in ClaimInput) (db.OffRegistryClaim, error) {
	reg, err := s.repo.GetRegistry(ctx, registryID)
	if store.IsNotFound(err) {
		return db.OffRegistryClaim{}, ErrNotFound
	}
	if err != nil {
		return db.OffRegistryClaim{}, err
	}
	if reg.Status != StatusPublished {
		return db.OffRegistryClaim{}, ErrNotPublished
	}
	item, err := s.repo.GetItem(ctx, registryID, itemID)
	if store.IsNotFound(err) {
		return db.OffRegistryClaim{}, ErrNotFound
	}
	if err != nil {
		return db.OffRegistryClaim{}, err
	}
	email := strings.ToLower(strings.TrimSpace(in.GuestEmail))
	if email == "" || in.Quantity <= 0 {
		return db.OffRegistryClaim{}, fmt.Errorf("%w: guest_email and quantity are required", ErrInvalid)
	}
	claim, err := s.repo.ClaimOffRegistry(ctx, store.NewClaim{
		ItemID:     item.ID,
		GuestName:  in.GuestName,
		GuestEmail: email,
		Quantity:   in.Quantity,
	})
	if errors.Is(err, store.ErrDuplicate) {
		return db.OffRegistryClaim{}, ErrAlreadyClaimed
	}
	return claim, err
}
