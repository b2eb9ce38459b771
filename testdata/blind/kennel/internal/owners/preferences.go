package owners

import (
	"context"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"github.com/pawsandstay/kennel/internal/platform"
	"github.com/pawsandstay/kennel/internal/platform/httpx"
)

// PreferencesService updates SMS preferences.
type PreferencesService interface {
	Put(ctx context.Context, ownerID uuid.UUID, in PreferencesInput) (*SMSPreferences, error)
}

// PreferencesInput is the PUT body.
type PreferencesInput struct {
	OptedIn        bool   `json:"opted_in"`
	PhotoUpdates   bool   `json:"photo_updates"`
	QuietStartHour *int16 `json:"quiet_start_hour"`
	QuietEndHour   *int16 `json:"quiet_end_hour"`
}

type preferencesService struct {
	dir   Directory
	prefs *platform.Store[SMSPreferences]
}

// NewPreferencesService returns the service.
func NewPreferencesService(db *bun.DB, dir Directory) PreferencesService {
	return &preferencesService{dir: dir, prefs: platform.NewStore[SMSPreferences](db)}
}

func (s *preferencesService) Put(ctx context.Context, ownerID uuid.UUID, in PreferencesInput) (*SMSPreferences, error) {
	if _, err := s.dir.Owner(ctx, ownerID); err != nil {
		return nil, err
	}
	if (in.QuietStartHour == nil) != (in.QuietEndHour == nil) {
		return nil, httpx.Invalid("quiet_start_hour and quiet_end_hour go together")
	}
	p := &SMSPreferences{
		OwnerID:        ownerID,
		OptedIn:        in.OptedIn,
		PhotoUpdates:   in.PhotoUpdates,
		QuietStartHour: in.QuietStartHour,
		QuietEndHour:   in.QuietEndHour,
		UpdatedAt:      time.Now().UTC(),
	}
	err := s.prefs.Upsert(ctx, p, "owner_id",
		"opted_in", "photo_updates", "quiet_start_hour", "quiet_end_hour", "updated_at")
	if err != nil {
		return nil, err
	}
	return p, nil
}

// Handler serves owner endpoints.
type Handler struct {
	prefs PreferencesService
}

// NewHandler returns the handler.
func NewHandler(prefs PreferencesService) *Handler { return &Handler{prefs: prefs} }

// Register mounts the routes.
func (h *Handler) Register(r fiber.Router) {
	r.Put("/owners/:ownerID/sms-preferences", h.putPreferences)
}

func (h *Handler) putPreferences(c *fiber.Ctx) error {
	ownerID, err := httpx.UUIDParam(c, "ownerID")
	if err != nil {
		return err
	}
	var in PreferencesInput
	if err := httpx.Bind(c, &in); err != nil {
		return err
	}
	p, err := h.prefs.Put(c.UserContext(), ownerID, in)
	if err != nil {
		return err
	}
	return c.JSON(p)
}
