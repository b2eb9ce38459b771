package notify

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"github.com/pawsandstay/kennel/internal/owners"
	"github.com/pawsandstay/kennel/internal/platform"
	"github.com/pawsandstay/kennel/internal/platform/httpx"
	"github.com/pawsandstay/kennel/internal/platform/ids"
	"github.com/pawsandstay/kennel/internal/providers/sms"
)

// Updates lets staff text an owner during a stay ("Biscuit just finished
// a game of fetch!"), optionally with a photo.
type Updates interface {
	Post(ctx context.Context, reservationID uuid.UUID, in StaffUpdate) (*Message, error)
}

// StaffUpdate is the request body.
type StaffUpdate struct {
	Body     string `json:"body"`
	PhotoURL string `json:"photo_url"`
	StaffID  string `json:"-"`
}

type stay struct {
	OwnerID uuid.UUID `bun:"owner_id"`
	DogName string    `bun:"dog_name"`
	Status  string    `bun:"status"`
}

type updates struct {
	db          *bun.DB
	messages    *platform.Store[Message]
	dir         owners.Directory
	sender      sms.Sender
	callbackURL string
}

// NewUpdates returns the service.
func NewUpdates(db *bun.DB, dir owners.Directory, sender sms.Sender, callbackURL string) Updates {
	return &updates{db: db, messages: platform.NewStore[Message](db), dir: dir, sender: sender, callbackURL: callbackURL}
}

func (u *updates) stay(ctx context.Context, id uuid.UUID) (*stay, error) {
	var s stay
	err := u.db.NewRaw(`
		SELECT r.owner_id, d.name AS dog_name, r.status
		FROM reservations r JOIN dogs d ON d.id = r.dog_id
		WHERE r.id = ?`, id).Scan(ctx, &s)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, platform.ErrNotFound
	}
	return &s, err
}

func (u *updates) Post(ctx context.Context, reservationID uuid.UUID, in StaffUpdate) (*Message, error) {
	if in.Body == "" || len(in.Body) > 600 {
		return nil, httpx.Invalid("body must be 1-600 characters")
	}
	st, err := u.stay(ctx, reservationID)
	if err != nil {
		return nil, err
	}
	if st.Status != "checked_in" {
		return nil, platform.ErrConflict
	}
	owner, err := u.dir.Owner(ctx, st.OwnerID)
	if err != nil {
		return nil, err
	}
	prefs, err := u.dir.Preferences(ctx, st.OwnerID)
	if err != nil {
		return nil, err
	}

	msg := &Message{
		OwnerID:       st.OwnerID,
		ReservationID: &reservationID,
		Template:      TplStaffUpdate,
		ToPhone:       owner.Phone,
		Body:          in.Body,
		Status:        StatusSuppressed,
	}
	if prefs.OptedIn && prefs.PhotoUpdates {
		opts := []sms.SendOption{sms.WithStatusCallback(u.callbackURL)}
		if in.PhotoURL != "" {
			opts = append(opts, sms.WithMedia(in.PhotoURL))
		}
		res, err := u.sender.Send(ctx, sms.Message{To: owner.Phone, Body: in.Body}, opts...)
		if err != nil {
			return nil, err
		}
		now := time.Now().UTC()
		msg.Status = StatusSent
		msg.ProviderMessageID = &res.ID
		msg.SentAt = &now
	}

	msg.ID = ids.Prefixed("sms")
	if err := u.messages.Insert(ctx, msg); err != nil {
		return nil, err
	}
	return msg, nil
}

// UpdatesHandler serves the staff update endpoint.
type UpdatesHandler struct {
	svc Updates
}

// NewUpdatesHandler returns the handler.
func NewUpdatesHandler(svc Updates) *UpdatesHandler { return &UpdatesHandler{svc: svc} }

// Register mounts the routes.
func (h *UpdatesHandler) Register(r fiber.Router) {
	r.Post("/reservations/:id/updates", h.post)
}

func (h *UpdatesHandler) post(c *fiber.Ctx) error {
	id, err := httpx.UUIDParam(c, "id")
	if err != nil {
		return err
	}
	var in StaffUpdate
	if err := httpx.Bind(c, &in); err != nil {
		return err
	}
	in.StaffID = httpx.StaffID(c)
	msg, err := h.svc.Post(c.UserContext(), id, in)
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(msg)
}
