package service

import (
	"context"
	"fmt"
	"strings"

	"github.com/google/uuid"

	"github.com/dinein/platform/internal/store"
)

var menuCategories = map[string]bool{
	"starters": true, "mains": true, "sides": true, "desserts": true, "drinks": true,
}

// NewMenuItem is a restaurant's request to add an item to its menu.
type NewMenuItem struct {
	Name        string `json:"name"`
	Description string `json:"description"`
	PriceCents  int64  `json:"price_cents"`
	Category    string `json:"category"`
}

// MenuService manages restaurant menus.
type MenuService interface {
	CreateItem(ctx context.Context, restaurantID uuid.UUID, in NewMenuItem) (*store.MenuItem, error)
	List(ctx context.Context, restaurantID uuid.UUID) ([]store.MenuItem, error)
	SetAvailable(ctx context.Context, restaurantID, itemID uuid.UUID, available bool) error
}

type menuService struct {
	db   store.DB
	menu store.MenuRepository
}

// NewMenuService builds the MenuService.
func NewMenuService(db store.DB, menu store.MenuRepository) *menuService {
	return &menuService{db: db, menu: menu}
}

func (s *menuService) CreateItem(ctx context.Context, restaurantID uuid.UUID, in NewMenuItem) (*store.MenuItem, error) {
	name := strings.TrimSpace(in.Name)
	if name == "" || len(name) > 120 {
		return nil, fmt.Errorf("%w: name is required (max 120 chars)", ErrInvalidInput)
	}
	if in.PriceCents <= 0 || in.PriceCents > 500_00 {
		return nil, fmt.Errorf("%w: price out of range", ErrInvalidInput)
	}
	cat := strings.ToLower(strings.TrimSpace(in.Category))
	if cat == "" {
		cat = "mains"
	}
	if !menuCategories[cat] {
		return nil, fmt.Errorf("%w: unknown category %q", ErrInvalidInput, in.Category)
	}
	item := &store.MenuItem{
		ID:           uuid.Must(uuid.NewV7()),
		RestaurantID: restaurantID,
		Name:         name,
		Description:  strings.TrimSpace(in.Description),
		PriceCents:   in.PriceCents,
		Category:     cat,
		Available:    true,
	}
	if err := s.menu.Insert(ctx, s.db, item); err != nil {
		return nil, err
	}
	return item, nil
}

func (s *menuService) List(ctx context.Context, restaurantID uuid.UUID) ([]store.MenuItem, error) {
	return s.menu.List(ctx, s.db, restaurantID)
}

func (s *menuService) SetAvailable(ctx context.Context, restaurantID, itemID uuid.UUID, available bool) error {
	it, err := s.menu.Get(ctx, s.db, itemID)
	if err != nil {
		return err
	}
	if it.RestaurantID != restaurantID {
		return ErrForbidden
	}
	return s.menu.SetAvailable(ctx, s.db, itemID, available)
}
