package service

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/fieldday/leagues/internal/platform/ids"
	"github.com/fieldday/leagues/internal/store"
)

// HouseholdManager implements HouseholdService.
type HouseholdManager struct {
	households store.HouseholdRepo
	children   store.ChildRepo
	newID      ids.Generator
	now        func() time.Time
}

// NewHouseholdManager builds the service.
func NewHouseholdManager(h store.HouseholdRepo, c store.ChildRepo) *HouseholdManager {
	return &HouseholdManager{households: h, children: c, newID: ids.NewUUID, now: time.Now}
}

// Register creates the household for an email, or returns the existing one.
// The boolean reports whether a new household was created.
func (s *HouseholdManager) Register(ctx context.Context, in HouseholdInput) (*store.Household, bool, error) {
	email := normalizeEmail(in.Email)
	if !strings.Contains(email, "@") {
		return nil, false, invalid("email", "must be a valid email address")
	}
	phone := normalizePhone(in.Phone)
	if len(phone) < 8 {
		return nil, false, invalid("phone", "must be a valid phone number")
	}
	if strings.TrimSpace(in.GuardianName) == "" {
		return nil, false, invalid("guardian_name", "is required")
	}
	optIn := true
	if in.SMSOptIn != nil {
		optIn = *in.SMSOptIn
	}
	h := &store.Household{
		ID:           s.newID(),
		Email:        email,
		GuardianName: strings.TrimSpace(in.GuardianName),
		Phone:        phone,
		SMSOptIn:     optIn,
	}
	created, err := s.households.CreateIfAbsent(ctx, h)
	if err != nil {
		return nil, false, err
	}
	if created {
		return h, true, nil
	}
	existing, err := s.households.GetByEmail(ctx, email)
	if err != nil {
		return nil, false, err
	}
	return existing, false, nil
}

// AddChild adds a player to a household.
func (s *HouseholdManager) AddChild(ctx context.Context, householdID string, in ChildInput) (*store.Child, error) {
	if _, err := s.households.Get(ctx, householdID); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return nil, ErrNotFound
		}
		return nil, err
	}
	birth, err := time.Parse(time.DateOnly, in.BirthDate)
	if err != nil {
		return nil, invalid("birth_date", "must be YYYY-MM-DD")
	}
	if birth.After(s.now()) || s.now().Sub(birth) > 20*365*24*time.Hour {
		return nil, invalid("birth_date", "is out of range for youth programs")
	}
	if strings.TrimSpace(in.FirstName) == "" || strings.TrimSpace(in.LastName) == "" {
		return nil, invalid("name", "first and last name are required")
	}
	c := &store.Child{
		ID:           s.newID(),
		HouseholdID:  householdID,
		FirstName:    strings.TrimSpace(in.FirstName),
		LastName:     strings.TrimSpace(in.LastName),
		BirthDate:    birth,
		Gender:       in.Gender,
		ShirtSize:    strings.ToUpper(in.ShirtSize),
		MedicalNotes: in.MedicalNotes,
	}
	if err := s.children.Create(ctx, c); err != nil {
		return nil, err
	}
	return c, nil
}

// DiscountManager implements DiscountService.
type DiscountManager struct {
	regs    store.RegistrationRepo
	seasons store.SeasonRepo
}

// NewDiscountManager builds the service.
func NewDiscountManager(r store.RegistrationRepo, s store.SeasonRepo) *DiscountManager {
	return &DiscountManager{regs: r, seasons: s}
}

// RecalculateSiblingDiscounts recomputes discounts for every active
// registration a household holds in a season. Used after a sibling cancels,
// since the discount belongs to the later registrations. Each registration's
// discount is derived from its rank alone, so rows are updated one by one.
func (s *DiscountManager) RecalculateSiblingDiscounts(ctx context.Context, householdID, seasonID string) ([]store.Registration, error) {
	season, err := s.seasons.Get(ctx, seasonID)
	if err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return nil, ErrNotFound
		}
		return nil, err
	}
	regs, err := s.regs.ListActiveForHousehold(ctx, householdID, seasonID)
	if err != nil {
		return nil, err
	}
	for i := range regs {
		want := siblingDiscount(season, i)
		if regs[i].DiscountCents == want {
			continue
		}
		if err := s.regs.SetPricing(ctx, regs[i].ID, want, regs[i].ScholarshipCents); err != nil {
			return nil, err
		}
		regs[i].DiscountCents = want
	}
	return s.regs.ListActiveForHousehold(ctx, householdID, seasonID)
}
