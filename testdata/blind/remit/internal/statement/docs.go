package statement

import (
	"context"
	"os"
	"path/filepath"

	"github.com/sendhome/remit/internal/config"
)

// DocumentStore persists rendered statements. Writing the same key twice
// replaces the object.
type DocumentStore interface {
	Put(ctx context.Context, key string, body []byte) (string, error)
}

type dirStore struct{ root string }

// NewDocumentStore writes statements under the configured bucket directory,
// which production mounts from object storage.
func NewDocumentStore(cfg *config.Config) DocumentStore {
	return &dirStore{root: cfg.StatementBucket}
}

func (d *dirStore) Put(_ context.Context, key string, body []byte) (string, error) {
	path := filepath.Join(d.root, filepath.FromSlash(key))
	if err := os.MkdirAll(filepath.Dir(path), 0o750); err != nil {
		return "", err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, body, 0o640); err != nil {
		return "", err
	}
	return key, os.Rename(tmp, path)
}
