// Package pod records proof of delivery captured by drones at drop-off.
package pod

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/google/uuid"
	"github.com/skyhop-logistics/dronedelivery/internal/domain"
	"github.com/skyhop-logistics/dronedelivery/internal/providers/sms"
	"github.com/skyhop-logistics/dronedelivery/internal/store"
)

// PhotoStore is where drop-off photos are kept.
type PhotoStore interface {
	Put(ctx context.Context, key, contentType string, data []byte) error
}

// Notifier tells the recipient about their parcel.
type Notifier interface {
	Delivered(ctx context.Context, o *domain.Order) error
}

// Service records proof of delivery.
type Service struct {
	store    store.Store
	photos   PhotoStore
	notifier Notifier
	log      *slog.Logger
	maxPhoto int
}

// Option configures a Service.
type Option func(*Service)

// WithNotifier sets the recipient notifier.
func WithNotifier(n Notifier) Option { return func(s *Service) { s.notifier = n } }

// WithMaxPhotoBytes caps the accepted photo size.
func WithMaxPhotoBytes(n int) Option { return func(s *Service) { s.maxPhoto = n } }

// WithLogger sets the logger.
func WithLogger(l *slog.Logger) Option { return func(s *Service) { s.log = l } }

// New returns a pod Service.
func New(st store.Store, photos PhotoStore, opts ...Option) *Service {
	s := &Service{store: st, photos: photos, log: slog.Default(), maxPhoto: 8 << 20}
	for _, o := range opts {
		o(s)
	}
	return s
}

// SubmitCmd is sent by the drone's companion computer after release.
type SubmitCmd struct {
	OrderID    uuid.UUID
	DroneID    string
	Photo      []byte
	CapturedAt time.Time
	Location   domain.Point
}

// Subject implements command.Subjecter.
func (c SubmitCmd) Subject() string { return c.OrderID.String() }

// Submit uploads the photo, completes the order and stores the evidence.
func (s *Service) Submit(ctx context.Context, cmd SubmitCmd) (*domain.ProofOfDelivery, error) {
	if len(cmd.Photo) == 0 || len(cmd.Photo) > s.maxPhoto {
		return nil, fmt.Errorf("%w: photo size %d", domain.ErrInvalidArgument, len(cmd.Photo))
	}
	if ct := http.DetectContentType(cmd.Photo); ct != "image/jpeg" {
		return nil, fmt.Errorf("%w: photo must be JPEG, got %s", domain.ErrInvalidArgument, ct)
	}
	o, err := s.store.Orders().Get(ctx, cmd.OrderID)
	if err != nil {
		return nil, err
	}

	sum := sha256.Sum256(cmd.Photo)
	digest := hex.EncodeToString(sum[:])
	key := fmt.Sprintf("pod/%s/%s.jpg", o.ID, digest)
	if err := s.photos.Put(ctx, key, "image/jpeg", cmd.Photo); err != nil {
		return nil, fmt.Errorf("upload photo: %w", err)
	}

	ok, err := s.store.Orders().MarkDelivered(ctx, o.ID, cmd.CapturedAt)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, fmt.Errorf("%w: order %s is %s", domain.ErrInvalidTransition, o.ID, o.Status)
	}
	proof := &domain.ProofOfDelivery{
		OrderID:     o.ID,
		PhotoKey:    key,
		PhotoSHA256: digest,
		DroneID:     cmd.DroneID,
		Location:    cmd.Location,
		CapturedAt:  cmd.CapturedAt,
	}
	if err := s.store.ProofOfDelivery().Insert(ctx, proof); err != nil {
		return nil, fmt.Errorf("store proof of delivery: %w", err)
	}

	if s.notifier != nil {
		if err := s.notifier.Delivered(ctx, o); err != nil {
			s.log.WarnContext(ctx, "recipient notification failed", "order", o.ID, "err", err)
		}
	}
	return proof, nil
}

// SMSNotifier sends recipient notifications as text messages.
type SMSNotifier struct {
	Client       *sms.Client
	TrackingBase string
}

// Delivered implements Notifier.
func (n SMSNotifier) Delivered(ctx context.Context, o *domain.Order) error {
	body := fmt.Sprintf("Your parcel from order %s has been delivered. Photo: %s/%s",
		o.MerchantRef, n.TrackingBase, o.ID)
	_, err := n.Client.Send(ctx, o.RecipientPhone, body)
	return err
}
