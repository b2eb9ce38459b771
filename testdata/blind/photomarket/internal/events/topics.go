// Package events defines the asynchronous messages exchanged between the
// API and the worker, and the watermill plumbing used to move them.
package events

// Topics published on the watermill SQL pub/sub.
const (
	TopicBookingConfirmed = "booking.confirmed"
	TopicBookingShot      = "booking.shot"
	TopicPaymentSucceeded = "payment.succeeded"
	TopicPhotoUploaded    = "photo.uploaded"
	TopicImageProcessed   = "image.processed"
	TopicGalleryUploaded  = "gallery.upload_completed"
	TopicGalleryDelivered = "gallery.delivered"
	TopicPrintOrderPaid   = "print_order.paid"
)

// BookingConfirmed is published once the deposit has cleared.
type BookingConfirmed struct {
	BookingID      string `json:"booking_id"`
	ClientID       string `json:"client_id"`
	PhotographerID string `json:"photographer_id"`
	EventDate      string `json:"event_date"`
}

// BookingShot is published when the photographer marks the event as shot.
type BookingShot struct {
	BookingID      string `json:"booking_id"`
	PhotographerID string `json:"photographer_id"`
}

// PaymentSucceeded mirrors a succeeded Stripe PaymentIntent.
type PaymentSucceeded struct {
	PaymentID      string `json:"payment_id"`
	IntentID       string `json:"intent_id"`
	Kind           string `json:"kind"`
	BookingID      string `json:"booking_id,omitempty"`
	PrintOrderID   string `json:"print_order_id,omitempty"`
	PhotographerID string `json:"photographer_id,omitempty"`
	AmountCents    int64  `json:"amount_cents"`
	Currency       string `json:"currency"`
}

// PhotoUploaded is published for every original that lands in the bucket.
type PhotoUploaded struct {
	PhotoID   string `json:"photo_id"`
	GalleryID string `json:"gallery_id"`
	Bucket    string `json:"bucket"`
	Key       string `json:"key"`
	SizeBytes int64  `json:"size_bytes"`
}

// ImageProcessed is published when the renderer has produced a derivative.
type ImageProcessed struct {
	PhotoID        string `json:"photo_id"`
	GalleryID      string `json:"gallery_id"`
	PhotographerID string `json:"photographer_id"`
	Variant        string `json:"variant"`
	Key            string `json:"key"`
	SizeBytes      int64  `json:"size_bytes"`
}

// GalleryUploaded is published when all batches of a gallery are in.
type GalleryUploaded struct {
	GalleryID string `json:"gallery_id"`
	BookingID string `json:"booking_id"`
}

// GalleryDelivered is published when the photographer releases a gallery
// to the client.
type GalleryDelivered struct {
	GalleryID      string `json:"gallery_id"`
	BookingID      string `json:"booking_id"`
	PhotographerID string `json:"photographer_id"`
	ClientID       string `json:"client_id"`
}

// PrintOrderPaid is published when a print order's payment has succeeded.
type PrintOrderPaid struct {
	PrintOrderID string `json:"print_order_id"`
	ClientID     string `json:"client_id"`
}
