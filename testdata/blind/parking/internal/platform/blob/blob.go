// Package blob stores evidence files. Production mounts an object-store
// bucket through a FUSE volume, so a directory is all the code needs.
package blob

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
)

type Store interface {
	Put(ctx context.Context, key string, data []byte) error
}

type DirStore struct {
	root string
}

func NewDirStore() *DirStore {
	root := os.Getenv("EVIDENCE_DIR")
	if root == "" {
		root = "/var/lib/cityparking/evidence"
	}
	return &DirStore{root: root}
}

func (d *DirStore) Put(ctx context.Context, key string, data []byte) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	path := filepath.Join(d.root, filepath.FromSlash(key))
	if err := os.MkdirAll(filepath.Dir(path), 0o750); err != nil {
		return fmt.Errorf("blob: mkdir: %w", err)
	}
	tmp := path + ".part"
	if err := os.WriteFile(tmp, data, 0o640); err != nil {
		return fmt.Errorf("blob: write: %w", err)
	}
	return os.Rename(tmp, path)
}
