// Package gallery handles photo uploads, rendering of derivatives and
// delivery of finished galleries to clients.
package gallery

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"strings"

	"github.com/lenslane/photomarket/db"
	"github.com/lenslane/photomarket/internal/events"
	"github.com/lenslane/photomarket/internal/ids"
	"github.com/lenslane/photomarket/internal/store"
)

type txRunner interface {
	WithTx(ctx context.Context, fn func(tx store.Tx) error) error
}

// ErrUnknownGallery is returned for uploads outside any open gallery. The
// message is dropped rather than retried.
var ErrUnknownGallery = errors.New("upload does not belong to an open gallery")

// Ingest turns upload notifications into photo rows.
type Ingest struct {
	store  txRunner
	q      db.Querier
	logger *slog.Logger
}

// NewIngest builds the upload ingester.
func NewIngest(st txRunner, q db.Querier, logger *slog.Logger) *Ingest {
	return &Ingest{store: st, q: q, logger: logger}
}

// S3Notification is the S3 event notification document.
type S3Notification struct {
	Records []struct {
		EventName string `json:"eventName"`
		S3        struct {
			Bucket struct {
				Name string `json:"name"`
			} `json:"bucket"`
			Object struct {
				Key  string `json:"key"`
				Size int64  `json:"size"`
				ETag string `json:"eTag"`
			} `json:"object"`
		} `json:"s3"`
	} `json:"Records"`
}

// galleryFromKey extracts the gallery ID from
// "galleries/{gallery_id}/originals/{file}".
func galleryFromKey(key string) (string, bool) {
	parts := strings.Split(key, "/")
	if len(parts) < 4 || parts[0] != "galleries" || parts[2] != "originals" {
		return "", false
	}
	return parts[1], true
}

// ObjectCreated handles an S3 ObjectCreated notification for originals
// uploaded by the photographer's desktop uploader.
func (in *Ingest) ObjectCreated(ctx context.Context, body []byte) error {
	var n S3Notification
	if err := json.Unmarshal(body, &n); err != nil {
		return fmt.Errorf("decode s3 notification: %w", err)
	}
	for _, r := range n.Records {
		if !strings.HasPrefix(r.EventName, "ObjectCreated:") {
			continue
		}
		key, err := url.QueryUnescape(r.S3.Object.Key)
		if err != nil {
			return err
		}
		galleryID, ok := galleryFromKey(key)
		if !ok {
			in.logger.Warn("ignoring object outside galleries", "key", key)
			continue
		}
		g, err := in.q.GetOpenGallery(ctx, galleryID)
		if errors.Is(err, sql.ErrNoRows) {
			in.logger.Warn("upload for closed or unknown gallery", "gallery", galleryID, "key", key)
			continue
		}
		if err != nil {
			return err
		}
		err = in.store.WithTx(ctx, func(tx store.Tx) error {
			photo, err := tx.Q.InsertPhoto(ctx, db.InsertPhotoParams{
				ID:        ids.New("ph"),
				GalleryID: g.ID,
				S3Bucket:  r.S3.Bucket.Name,
				S3Key:     key,
				SizeBytes: r.S3.Object.Size,
				Etag:      strings.Trim(r.S3.Object.ETag, `"`),
			})
			if err != nil {
				return fmt.Errorf("insert photo %s: %w", key, err)
			}
			return tx.Events.Publish(ctx, events.TopicPhotoUploaded, events.PhotoUploaded{
				PhotoID:   photo.ID,
				GalleryID: g.ID,
				Bucket:    photo.S3Bucket,
				Key:       photo.S3Key,
				SizeBytes: photo.SizeBytes,
			})
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// BatchCompleted is sent by the uploader when a batch of originals has
// finished uploading.
type BatchCompleted struct {
	Type          string `json:"type"`
	BatchID       string `json:"batch_id"`
	GalleryID     string `json:"gallery_id"`
	PhotoCount    int32  `json:"photo_count"`
	ExpectedTotal int32  `json:"expected_total"`
}

// BatchDone updates the gallery's upload progress and, once all expected
// photos are in, moves the gallery to processing.
func (in *Ingest) BatchDone(ctx context.Context, body []byte) error {
	var m BatchCompleted
	if err := json.Unmarshal(body, &m); err != nil {
		return fmt.Errorf("decode batch message: %w", err)
	}
	if m.BatchID == "" || m.GalleryID == "" {
		return fmt.Errorf("batch message missing ids")
	}
	if m.ExpectedTotal > 0 {
		if err := in.q.SetGalleryExpectedCount(ctx, db.SetGalleryExpectedCountParams{
			ID:            m.GalleryID,
			ExpectedCount: m.ExpectedTotal,
		}); err != nil {
			return err
		}
	}
	g, err := in.q.AddGalleryUploads(ctx, db.AddGalleryUploadsParams{
		ID:            m.GalleryID,
		UploadedCount: m.PhotoCount,
	})
	if errors.Is(err, sql.ErrNoRows) {
		in.logger.Warn("batch for unknown gallery", "gallery", m.GalleryID, "batch", m.BatchID)
		return nil
	}
	if err != nil {
		return err
	}

	return in.store.WithTx(ctx, func(tx store.Tx) error {
		n, err := tx.Q.InsertUploadBatch(ctx, db.InsertUploadBatchParams{
			BatchID:    m.BatchID,
			GalleryID:  g.ID,
			PhotoCount: m.PhotoCount,
		})
		if err != nil {
			return err
		}
		if n == 0 {
			return nil
		}
		if g.ExpectedCount == 0 || g.UploadedCount < g.ExpectedCount {
			return nil
		}
		moved, err := tx.Q.MarkGalleryProcessing(ctx, g.ID)
		if err != nil || moved == 0 {
			return err
		}
		return tx.Events.Publish(ctx, events.TopicGalleryUploaded, events.GalleryUploaded{
			GalleryID: g.ID,
			BookingID: g.BookingID,
		})
	})
}

// RenderResult is reported by the renderer on the render-results queue.
type RenderResult struct {
	PhotoID   string `json:"photo_id"`
	Variant   string `json:"variant"`
	Key       string `json:"key"`
	Width     int32  `json:"width"`
	Height    int32  `json:"height"`
	SizeBytes int64  `json:"size_bytes"`
	Error     string `json:"error,omitempty"`
}

// finalVariant is rendered last; once it exists the photo is complete.
const finalVariant = "web"

// RenderDone records a derivative produced by the renderer.
func (in *Ingest) RenderDone(ctx context.Context, body []byte) error {
	var r RenderResult
	if err := json.Unmarshal(body, &r); err != nil {
		return fmt.Errorf("decode render result: %w", err)
	}
	if r.Error != "" {
		in.logger.Error("render failed", "photo", r.PhotoID, "variant", r.Variant, "err", r.Error)
		return nil
	}
	photo, err := in.q.GetPhoto(ctx, r.PhotoID)
	if errors.Is(err, sql.ErrNoRows) {
		in.logger.Warn("render result for unknown photo", "photo", r.PhotoID)
		return nil
	}
	if err != nil {
		return err
	}
	g, err := in.q.GetGallery(ctx, photo.GalleryID)
	if err != nil {
		return err
	}
	return in.store.WithTx(ctx, func(tx store.Tx) error {
		n, err := tx.Q.InsertDerivative(ctx, db.InsertDerivativeParams{
			ID:        ids.New("drv"),
			PhotoID:   photo.ID,
			Variant:   r.Variant,
			S3Key:     r.Key,
			Width:     r.Width,
			Height:    r.Height,
			SizeBytes: r.SizeBytes,
		})
		if err != nil {
			return err
		}
		if n == 0 {
			return nil
		}
		if r.Variant == finalVariant {
			if err := tx.Q.MarkPhotoProcessed(ctx, photo.ID); err != nil {
				return err
			}
			if _, err := tx.Q.MarkGalleryReady(ctx, g.ID); err != nil {
				return err
			}
		}
		return tx.Events.Publish(ctx, events.TopicImageProcessed, events.ImageProcessed{
			PhotoID:        photo.ID,
			GalleryID:      g.ID,
			PhotographerID: g.PhotographerID,
			Variant:        r.Variant,
			Key:            r.Key,
			SizeBytes:      r.SizeBytes,
		})
	})
}
