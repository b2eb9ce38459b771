package service

import (
	"context"
	"fmt"
	"regexp"
	"strings"

	"github.com/google/uuid"

	"github.com/cityparking/parking/internal/domain"
	"github.com/cityparking/parking/internal/store"
)

type AccountService struct {
	accounts store.AccountRepository
	vehicles store.VehicleRepository
	clock    Clock
}

func NewAccountService(accounts store.AccountRepository, vehicles store.VehicleRepository, clock Clock) *AccountService {
	return &AccountService{accounts: accounts, vehicles: vehicles, clock: clock}
}

var plateRe = regexp.MustCompile(`^[A-Z0-9]{2,10}$`)

// NormalizePlate upper-cases a plate and strips separators.
func NormalizePlate(p string) string {
	r := strings.NewReplacer("-", "", " ", "", ".", "")
	return strings.ToUpper(r.Replace(strings.TrimSpace(p)))
}

type RegisterVehicleInput struct {
	AccountID uuid.UUID
	Plate     string
	Country   string
	Nickname  string
}

func (s *AccountService) RegisterVehicle(ctx context.Context, in RegisterVehicleInput) (*domain.Vehicle, error) {
	plate := NormalizePlate(in.Plate)
	if !plateRe.MatchString(plate) {
		return nil, fmt.Errorf("%w: invalid plate %q", domain.ErrInvalidState, in.Plate)
	}
	country := strings.ToUpper(in.Country)
	if country == "" {
		country = "NL"
	}
	v := &domain.Vehicle{
		ID:        uuid.New(),
		AccountID: in.AccountID,
		Plate:     plate,
		Country:   country,
		Nickname:  in.Nickname,
		CreatedAt: s.clock(),
	}
	if err := s.vehicles.Create(ctx, v); err != nil {
		return nil, err
	}
	return v, nil
}

func (s *AccountService) UpdatePrefs(ctx context.Context, p domain.NotificationPrefs) (*domain.NotificationPrefs, error) {
	if p.ReminderMinutes < 5 || p.ReminderMinutes > 60 {
		return nil, fmt.Errorf("%w: reminder_minutes must be 5-60", domain.ErrInvalidState)
	}
	return s.accounts.UpsertPrefs(ctx, p)
}
