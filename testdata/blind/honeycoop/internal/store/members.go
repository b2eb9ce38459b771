package store

import "context"

// Directory reads members, retailers and farms.
type Directory struct {
	db *DB
}

func NewDirectory(db *DB) *Directory { return &Directory{db: db} }

func (d *Directory) Member(ctx context.Context, id string) (*Member, error) {
	var m Member
	if err := d.db.Conn(ctx).Where("id = ?", id).Take(&m).Error; err != nil {
		return nil, notFound(err)
	}
	return &m, nil
}

func (d *Directory) Members(ctx context.Context) ([]Member, error) {
	var out []Member
	err := d.db.Conn(ctx).Order("id").Find(&out).Error
	return out, err
}

func (d *Directory) Retailer(ctx context.Context, id string) (*Retailer, error) {
	var r Retailer
	if err := d.db.Conn(ctx).Where("id = ?", id).Take(&r).Error; err != nil {
		return nil, notFound(err)
	}
	return &r, nil
}

func (d *Directory) Farm(ctx context.Context, id string) (*Farm, error) {
	var f Farm
	if err := d.db.Conn(ctx).Where("id = ?", id).Take(&f).Error; err != nil {
		return nil, notFound(err)
	}
	return &f, nil
}
